/// An OpenAPI 3.1 document generated with `accessLevel: internal`: calendar dates (`format: date`) in a model and
/// in every kind of parameter, cookie parameters, multipart `encoding` objects, `anyOf` with and without a
/// discriminator, a binary response, deprecated operations, schemas and properties. Its output is
/// `Tests/Golden/ConstructsAPI`, compiled as the `GeneratedConstructsAPI` target and used by `GeneratedCodeTests`
/// (through `@testable import`).
let constructsAPIDocument = #"""
    openapi: 3.1.0
    info:
      title: Constructs API
      version: 0.1.0
    servers:
      - url: https://events.example.com
    paths:
      /days/{day}/events:
        get:
          operationId: listEvents
          summary: The events of one day.
          tags: [events]
          parameters:
            - { name: day, in: path, required: true, schema: { type: string, format: date } }
            - { name: until, in: query, schema: { type: string, format: date } }
            - { name: X-As-Of, in: header, schema: { type: string, format: date } }
            - { name: session, in: cookie, required: true, description: The session's token., schema: { type: string } }
            - { name: theme, in: cookie, schema: { $ref: '#/components/schemas/Theme' } }
            - { name: visits, in: cookie, schema: { type: integer } }
            - { name: since, in: cookie, schema: { type: string, format: date } }
          responses:
            '200':
              description: The events.
              content:
                application/json:
                  schema: { type: array, items: { $ref: '#/components/schemas/Event' } }
      /events/{eventId}/attachments:
        get:
          operationId: downloadAttachments
          tags: [events]
          parameters:
            - { name: eventId, in: path, required: true, schema: { type: integer, format: int64 } }
          responses:
            '200':
              description: The attachments in one PDF.
              content:
                application/pdf:
                  schema: { type: string, format: binary }
        post:
          operationId: addAttachment
          tags: [events]
          parameters:
            - { name: eventId, in: path, required: true, schema: { type: integer, format: int64 } }
          requestBody:
            required: true
            content:
              multipart/form-data:
                schema:
                  type: object
                  required: [photo, caption]
                  properties:
                    photo: { type: string, format: binary }
                    scan: { type: string, format: binary, contentMediaType: application/pdf }
                    raw: { type: string, format: binary }
                    caption: { type: string }
                    taken: { type: string, format: date }
                encoding:
                  photo: { contentType: image/png }
                  caption: { contentType: text/plain; charset=utf-8 }
          responses:
            '204': { description: Added. }
      /events/{eventId}/invitations:
        post:
          operationId: inviteGuests
          tags: [events]
          parameters:
            - { name: eventId, in: path, required: true, schema: { type: integer, format: int64 } }
          requestBody:
            required: true
            content:
              application/x-www-form-urlencoded:
                schema:
                  type: object
                  required: [guests, seat, metadata]
                  properties:
                    note: { type: string }
                    guests: { type: array, items: { type: string } }
                    seat: { type: object, properties: { row: { type: integer }, place: { type: string } } }
                    metadata: { type: object, additionalProperties: { type: string } }
                    tags: { type: array, items: { type: string } }
                    contact: { type: object, properties: { email: { type: string } } }
                encoding:
                  metadata: { style: deepObject, explode: true }
                  tags: { style: pipeDelimited, explode: false }
                  note: { contentType: application/json }
          responses:
            '204': { description: Invited. }
      /legacy-events:
        get:
          operationId: listLegacyEvents
          summary: The events of the first version.
          deprecated: true
          tags: [events]
          responses:
            '200':
              description: The events.
              content:
                application/json:
                  schema: { type: array, items: { $ref: '#/components/schemas/LegacyEvent' } }
    components:
      schemas:
        Theme:
          type: string
          enum: [light, dark]
        Event:
          type: object
          required: [day, title]
          properties:
            day: { type: string, format: date }
            title: { type: string }
            ends: { type: [string, 'null'], format: date }
            oldTitle: { type: string, deprecated: true, description: Use title. }
            place: { $ref: '#/components/schemas/Place' }
            host: { $ref: '#/components/schemas/Attendee' }
        Place:
          anyOf:
            - $ref: '#/components/schemas/Address'
            - { type: string }
        Address:
          type: object
          required: [street]
          properties:
            street: { type: string }
        Attendee:
          anyOf:
            - $ref: '#/components/schemas/Person'
            - $ref: '#/components/schemas/Group'
          discriminator:
            propertyName: kind
            mapping:
              person: '#/components/schemas/Person'
              group: '#/components/schemas/Group'
        Person:
          type: object
          required: [kind, name]
          properties:
            kind: { type: string }
            name: { type: string }
        Group:
          type: object
          required: [kind, size]
          properties:
            kind: { type: string }
            size: { type: integer }
        LegacyEvent:
          description: An event of the first version.
          deprecated: true
          type: object
          required: [title]
          properties:
            title: { type: string }
    """#
