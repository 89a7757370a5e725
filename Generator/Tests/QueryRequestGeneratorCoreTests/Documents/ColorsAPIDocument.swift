/// An OpenAPI 3.1 document with every query style and explode pair, path and header parameters, bodies and
/// responses, and the schema constructs the generator maps. Its output is `Tests/Golden/ColorsAPI`, compiled as
/// the `GeneratedColorsAPI` target and used by `GeneratedCodeTests`.
let colorsAPIDocument = #"""
    openapi: 3.1.0
    info:
      title: Colors API
      version: 1.2.0
    security:
      - api_key: []
    servers:
      - url: https://api.example.com/v1
        description: production
      - url: http://127.0.0.1:8080/v1
        description: local
      - url: 'https://{region}.example.com/{version}'
        description: regional
        variables:
          region: { default: eu, enum: [eu, us], description: Where the data stays. }
          version: { default: v1 }
    paths:
      /colors:
        get:
          operationId: listColors
          summary: Lists colors, one query parameter per style and explode pair.
          tags: [colors]
          parameters:
            - { name: formPrimitive, in: query, schema: { type: string } }
            - { name: formArray, in: query, style: form, explode: true, schema: { type: array, items: { type: string } } }
            - { name: formArrayFlat, in: query, style: form, explode: false, schema: { type: array, items: { type: integer } } }
            - { name: formObjectFlat, in: query, style: form, explode: false, schema: { $ref: '#/components/schemas/RGB' } }
            - { name: spaceArray, in: query, style: spaceDelimited, explode: false, schema: { type: array, items: { type: string } } }
            - { name: spaceArrayExploded, in: query, style: spaceDelimited, explode: true, schema: { type: array, items: { type: string } } }
            - { name: spaceObject, in: query, style: spaceDelimited, explode: false, schema: { $ref: '#/components/schemas/RGB' } }
            - { name: pipeArray, in: query, style: pipeDelimited, explode: false, schema: { type: array, items: { type: string } } }
            - { name: pipeArrayExploded, in: query, style: pipeDelimited, explode: true, schema: { type: array, items: { type: string } } }
            - { name: pipeObject, in: query, style: pipeDelimited, explode: false, schema: { $ref: '#/components/schemas/RGB' } }
            - { name: deep, in: query, style: deepObject, explode: true, schema: { $ref: '#/components/schemas/RGB' } }
            - { name: limit, in: query, required: true, schema: { type: integer, format: int64 } }
            - { name: since, in: query, schema: { type: string, format: date-time } }
            - { name: sort, in: query, schema: { type: string, enum: [asc, desc] } }
            - { name: 'page[size]', in: query, schema: { type: integer } }
          responses:
            '200':
              description: The colors.
              content:
                application/json:
                  schema: { type: array, items: { $ref: '#/components/schemas/Color' } }
        post:
          operationId: createColor
          tags: [colors]
          parameters:
            - { name: X-Request-ID, in: header, required: true, schema: { type: string, format: uuid } }
            - { name: X-Dry-Run, in: header, schema: { type: boolean } }
            - { name: X-Statuses, in: header, schema: { type: array, items: { $ref: '#/components/schemas/Status' } } }
          requestBody:
            required: true
            content:
              application/json:
                schema: { $ref: '#/components/schemas/Color' }
          responses:
            '201':
              description: Created.
              content:
                application/json:
                  schema: { $ref: '#/components/schemas/Color' }
      /colors/search:
        get:
          operationId: searchColors
          summary: Finds colors near one, given as form-style exploded fields.
          tags: [colors]
          parameters:
            - { name: near, in: query, required: true, style: form, explode: true, schema: { $ref: '#/components/schemas/RGB' } }
            - { name: q, in: query, schema: { type: string } }
            - { name: filter.name, in: query, schema: { type: string } }
          responses:
            '200':
              description: The colors.
              content:
                application/json:
                  schema: { type: array, items: { $ref: '#/components/schemas/Color' } }
      /colors/{colorId}:
        parameters:
          - { name: colorId, in: path, required: true, description: The color's identifier., schema: { $ref: '#/components/schemas/ColorID' } }
        delete:
          operationId: deleteColor
          tags: [colors]
          security: [{ bearerAuth: [] }, {}]
          responses:
            '204': { description: Deleted. }
      /legacy-colors:
        get:
          operationId: listLegacyColors
          description: |
            The colors of the first version.

            Use `GET /colors` instead.
          tags: [colors]
          deprecated: true
          responses:
            '200': { description: The colors., content: { application/json: { schema: { $ref: '#/components/schemas/Labels' } } } }
      /colors/{colorId}/shades/{status}:
        get:
          tags: [shades]
          security: []
          parameters:
            - { name: colorId, in: path, required: true, schema: { type: integer } }
            - { name: status, in: path, required: true, schema: { $ref: '#/components/schemas/Status' } }
          responses:
            '200':
              description: The shade's name.
              content:
                text/plain:
                  schema: { type: string }
    components:
      securitySchemes:
        api_key: { type: apiKey, in: header, name: X-API-Key }
        bearerAuth: { type: http, scheme: bearer, description: A token from the sign-in endpoint. }
        basicAuth: { type: http, scheme: basic }
      schemas:
        Color:
          description: A color with its names.
          type: object
          required: [id, name, rgb, createdAt]
          properties:
            id: { type: string, format: uuid }
            name: { type: string, description: "The color's name, in English." }
            rgb: { $ref: '#/components/schemas/RGB' }
            createdAt: { type: string, format: date-time }
            homepage: { type: string, format: uri }
            note: { type: [string, 'null'] }
            status: { $ref: '#/components/schemas/Status' }
            tags: { type: array, items: { type: string } }
            class: { type: string }
            2fa: { type: boolean }
            pet_id: { type: integer }
            petId: { type: integer }
            名前: { type: string }
            views: { type: integer, format: int64 }
            metadata: { type: object, additionalProperties: { type: integer } }
            extra: {}
            shape: { $ref: '#/components/schemas/Shape' }
            fill: { $ref: '#/components/schemas/Fill' }
            thumbnail: { type: string, contentEncoding: base64 }
            label: { type: object, properties: { text: { type: string } }, required: [text] }
        RGB:
          type: object
          required: [R, G, B]
          properties:
            R: { type: integer }
            G: { type: integer }
            B: { type: integer }
        ColorID:
          type: string
        Status:
          type: string
          enum: [active, retired, in-review, unknown]
        Finish:
          type: [string, 'null']
          enum: [matte, gloss, null]
        Shape:
          oneOf:
            - $ref: '#/components/schemas/Circle'
            - $ref: '#/components/schemas/Square'
          discriminator:
            propertyName: kind
            mapping:
              circle: '#/components/schemas/Circle'
              square: '#/components/schemas/Square'
        Circle:
          type: object
          required: [kind, radius]
          properties:
            kind: { type: string }
            radius: { type: number }
        Square:
          type: object
          required: [kind, side]
          properties:
            kind: { type: string }
            side: { type: number, format: float }
        Fill:
          oneOf:
            - { type: string }
            - $ref: '#/components/schemas/RGB'
        Paint:
          allOf:
            - $ref: '#/components/schemas/RGB'
            - type: object
              required: [finish]
              properties:
                finish: { type: string }
        Node:
          type: object
          required: [value]
          properties:
            value: { type: string }
            children: { type: array, items: { $ref: '#/components/schemas/Node' } }
            parent: { $ref: '#/components/schemas/Node' }
        NodeReference:
          $ref: '#/components/schemas/Node'
        Chain:
          type: object
          properties:
            next: { type: object, properties: { back: { $ref: '#/components/schemas/Chain' } } }
            reference: { $ref: '#/components/schemas/NodeReference' }
        Tree:
          oneOf:
            - $ref: '#/components/schemas/Leaf'
            - $ref: '#/components/schemas/Branch'
        Leaf:
          type: object
          required: [value]
          properties:
            value: { type: integer }
        Branch:
          type: object
          required: [left, right]
          properties:
            left: { $ref: '#/components/schemas/Tree' }
            right: { $ref: '#/components/schemas/Tree' }
        Swatches:
          type: array
          items:
            type: object
            required: [hex]
            properties:
              hex: { type: string }
        Labels:
          type: object
          additionalProperties: { type: string }
        Data:
          type: object
          properties:
            default: { type: string }
            self: { type: string }
    """#
