import Foundation
import SmartCouchBootstrap
import Testing

/// Pages hand a template only the strings it names as `t.key` (and those of the templates it
/// extends): every string a template shows must be named that way, and be in the catalogue, or
/// the page would show nothing where the string belongs.
@Suite struct TemplateStringsTests {
    @Test func everyTemplateNamesItsStringsAsTheCatalogueHasThem() throws {
        let pages = try ProjectFiles.locate(root: nil).pages
        for (folder, strings) in [("console", "strings/console/en.json"), ("", "strings/en.json")] {
            let catalogue = try JSONDecoder().decode([String: String].self, from: Data(contentsOf: pages.appendingPathComponent(strings)))
            let directory = pages.appendingPathComponent("templates").appendingPathComponent(folder)
            let templates = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "leaf" }
            #expect(!templates.isEmpty, "\(directory.path)")
            for template in templates {
                let text = try String(contentsOf: template, encoding: .utf8)
                let name = "\(folder)/\(template.lastPathComponent)"
                #expect(!text.contains("t["), "\(name) reads a string otherwise than as t.key")
                let missing = text.matches(of: /\bt\.([A-Za-z0-9_]+)/).map { String($0.output.1) }.filter { catalogue[$0] == nil }
                #expect(missing.isEmpty, "\(name) names strings the catalogue lacks: \(missing)")
            }
        }
    }
}
