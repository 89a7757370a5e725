import Foundation
import GeneratedColorsAPI
import GeneratedPetsAPI
import QueryRequest
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Generated requests build the URL, method, headers and body the document describes.
@Suite struct RequestTests {
    static let color = Color(
        id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!, name: "Teal", rgb: RGB(r: 0, g: 128, b: 128),
        createdAt: Date(timeIntervalSince1970: 0))

    @Test func pathParametersAreOneSegmentEach() throws {
        let urlRequest = try DeleteColorRequest(colorId: "a/b?c").makeURLRequest()
        #expect(urlRequest.url?.absoluteString == "https://api.example.com/v1/colors/a%2Fb%3Fc")
        #expect(urlRequest.httpMethod == "DELETE")
        #expect(DeleteColorRequest.Response.self == EmptyResponse.self)
    }

    @Test func enumPathParametersUseTheirRawValue() throws {
        let urlRequest = try GetColorsByColorIdShadesByStatusRequest(colorId: 7, status: .inReview).makeURLRequest()
        #expect(urlRequest.url?.absoluteString == "https://api.example.com/v1/colors/7/shades/in-review")
        #expect(GetColorsByColorIdShadesByStatusRequest.Response.self == String.self)
    }

    @Test func headerParametersAndAJSONBody() throws {
        let id = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
        let urlRequest = try CreateColorRequest(
            xRequestID: id, xDryRun: true, xStatuses: [.active, .unknown("new")], body: Self.color
        ).makeURLRequest()
        #expect(urlRequest.value(forHTTPHeaderField: "X-Statuses") == "active,new")
        #expect(urlRequest.httpMethod == "POST")
        #expect(urlRequest.value(forHTTPHeaderField: "X-Request-ID") == id.uuidString)
        #expect(urlRequest.value(forHTTPHeaderField: "X-Dry-Run") == "true")
        #expect(urlRequest.value(forHTTPHeaderField: "Content-Type") == "application/json")
        let body = String(decoding: try #require(urlRequest.httpBody), as: UTF8.self)
        #expect(
            body
                == #"{"createdAt":"1970-01-01T00:00:00Z","id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","name":"Teal","rgb":{"B":128,"G":128,"R":0}}"#
        )
        #expect(CreateColorRequest.Response.self == Color.self)
    }

    @Test func anOptionalHeaderLeftOutIsNotSent() throws {
        let urlRequest = try CreateColorRequest(xRequestID: UUID(), body: Self.color).makeURLRequest()
        #expect(urlRequest.value(forHTTPHeaderField: "X-Dry-Run") == nil)
    }

    @Test func aMultipartBodyHasAPartPerProperty() throws {
        let form = AddDocumentRequest.Form(title: "Vaccination", tags: ["a", "b"], file: Data("%PDF".utf8))
        let urlRequest = try AddDocumentRequest(petId: "rex", form: form).makeURLRequest()
        let contentType = try #require(urlRequest.value(forHTTPHeaderField: "Content-Type"))
        #expect(contentType.hasPrefix("multipart/form-data; boundary="))
        let boundary = String(contentType.dropFirst("multipart/form-data; boundary=".count))
        let body = String(decoding: try #require(urlRequest.httpBody), as: UTF8.self)
        let parts = body.components(separatedBy: "--" + boundary).dropFirst().dropLast()
        #expect(
            parts.map { $0.components(separatedBy: "\r\n")[1] } == [
                #"Content-Disposition: form-data; name="title""#,
                #"Content-Disposition: form-data; name="tags""#,
                #"Content-Disposition: form-data; name="tags""#,
                #"Content-Disposition: form-data; name="file"; filename="file""#,
            ])
        #expect(
            parts.map { $0.components(separatedBy: "\r\n\r\n").last ?? "" } == [
                "Vaccination\r\n", "a\r\n", "b\r\n", "%PDF\r\n",
            ])
    }

    @Test func rawAndFormBodies() throws {
        let petID = UUID(uuidString: "00000000-0000-0000-0000-00000000000A")!
        let upload = try UploadPhotoRequest(petId: petID, body: Data([1, 2, 3])).makeURLRequest()
        #expect(
            upload.url?.absoluteString == "https://pets.example.com/pets/00000000-0000-0000-0000-00000000000A/photo")
        #expect(upload.httpMethod == "PUT")
        #expect(upload.httpBody == Data([1, 2, 3]))
        #expect(upload.value(forHTTPHeaderField: "Content-Type") == "application/octet-stream")
        #expect(UploadPhotoRequest.Response.self == String.self)

        let login = try LoginRequest(form: .init(username: "ann", password: "p&ss word")).makeURLRequest()
        #expect(login.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded")
        #expect(login.httpBody.map { String(decoding: $0, as: UTF8.self) } == "username=ann&password=p%26ss%20word")
    }
}
