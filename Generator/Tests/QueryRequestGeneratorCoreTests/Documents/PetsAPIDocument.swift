/// An OpenAPI 3.0 document: `nullable`, `format: binary` and `byte`, a raw body, a text response, a form body.
/// Its output is `Tests/Golden/PetsAPI`, compiled as the `GeneratedPetsAPI` target.
let petsAPIDocument = #"""
    {
      "openapi": "3.0.3",
      "info": { "title": "Pets API", "version": "1.0.0" },
      "servers": [{ "url": "https://pets.example.com" }],
      "paths": {
        "/pets/{petId}": {
          "get": {
            "operationId": "showPet",
            "parameters": [{ "name": "petId", "in": "path", "required": true, "schema": { "type": "string", "format": "uuid" } }],
            "responses": {
              "200": { "description": "The pet.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Pet" } } } },
              "default": { "description": "An error.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } } }
            }
          }
        },
        "/pets/{petId}/photo": {
          "put": {
            "operationId": "uploadPhoto",
            "parameters": [{ "name": "petId", "in": "path", "required": true, "schema": { "type": "string", "format": "uuid" } }],
            "requestBody": { "required": true, "content": { "application/octet-stream": { "schema": { "type": "string", "format": "binary" } } } },
            "responses": { "200": { "description": "The photo's address.", "content": { "text/plain": { "schema": { "type": "string" } } } } }
          }
        },
        "/pets/{petId}/documents": {
          "post": {
            "operationId": "addDocument",
            "parameters": [{ "name": "petId", "in": "path", "required": true, "schema": { "type": "string" } }],
            "requestBody": {
              "required": true,
              "content": {
                "multipart/form-data": {
                  "schema": {
                    "type": "object",
                    "required": ["title", "file"],
                    "properties": {
                      "title": { "type": "string" },
                      "tags": { "type": "array", "items": { "type": "string" } },
                      "pages": { "type": "integer" },
                      "file": { "type": "string", "format": "binary" }
                    }
                  }
                }
              }
            },
            "responses": { "201": { "description": "Added." } }
          }
        },
        "/login": {
          "post": {
            "operationId": "login",
            "requestBody": {
              "required": true,
              "content": {
                "application/x-www-form-urlencoded": {
                  "schema": {
                    "type": "object",
                    "required": ["username", "password"],
                    "properties": { "username": { "type": "string" }, "password": { "type": "string" } }
                  }
                }
              }
            },
            "responses": { "204": { "description": "Logged in." } }
          }
        }
      },
      "components": {
        "schemas": {
          "Pet": {
            "type": "object",
            "required": ["id", "name", "nickname"],
            "properties": {
              "id": { "type": "string", "format": "uuid" },
              "name": { "type": "string" },
              "nickname": { "type": "string", "nullable": true },
              "photo": { "type": "string", "format": "byte" },
              "weight": { "type": "number", "format": "double" },
              "born": { "type": "string", "format": "date" }
            }
          },
          "Error": {
            "type": "object",
            "required": ["message"],
            "properties": { "message": { "type": "string" } }
          }
        }
      }
    }
    """#
