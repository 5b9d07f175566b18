/// `swift package --allow-writing-to-package-directory contract-gen emit --lang swift`: runs the
/// contract-gen tool (built from this package) in the consumer package's directory, so it finds
/// that package's contract-gen.yaml and writes where it says. Arguments pass through unchanged;
/// the tool's exit status becomes the plugin's.
import Foundation
import PackagePlugin

@main
struct ContractGenCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try run(tool: context.tool(named: "contract-gen").url, in: context.package.directoryURL, arguments: arguments)
    }

    func run(tool: URL, in directory: URL, arguments: [String]) throws {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments.isEmpty ? ["--help"] : arguments
        process.currentDirectoryURL = directory
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            Diagnostics.error("contract-gen \(arguments.joined(separator: " ")) failed (exit status \(process.terminationStatus))")
            exit(process.terminationStatus == 0 ? 1 : process.terminationStatus)
        }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// The same from Xcode (the project's context menu): in the project's directory. Xcode adds
/// `--target NAME` for the selected targets, which mean nothing to contract-gen and are dropped;
/// with no other argument it runs `emit --lang all` (Xcode shows no help text).
extension ContractGenCommandPlugin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        var rest: [String] = []
        var index = 0
        while index < arguments.count {
            if arguments[index] == "--target" { index += 2; continue }
            rest.append(arguments[index])
            index += 1
        }
        try run(tool: context.tool(named: "contract-gen").url, in: context.xcodeProject.directoryURL,
                arguments: rest.isEmpty ? ["emit", "--lang", "all"] : rest)
    }
}
#endif
