// swift-tools-version:6.0
/// contract-gen: one YAML schema → Swift, Kotlin and TypeScript decoders plus golden fixtures,
/// and a conformance runner that keeps all three in lockstep.
import PackageDescription

let package = Package(
    name: "contract-gen",
    products: [
        .executable(name: "contract-gen", targets: ["contract-gen"]),
        .library(name: "GeneratedContracts", targets: ["GeneratedContracts"]),
        // `swift package --allow-writing-to-package-directory contract-gen emit --lang swift` in an
        // app's package that depends on this one (README, docs/config.md).
        .plugin(name: "ContractGenCommandPlugin", targets: ["ContractGenCommandPlugin"]),
    ],
    targets: [
        // libyaml through a system-library target: the only YAML parser used.
        .systemLibrary(
            name: "CYAML",
            path: "Sources/CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        // Parse → model → validate → emit → fixtures → conformance; everything but argv.
        // The runtimes are real source files in Runtime/, embedded at build time by a plugin.
        .target(name: "ContractGenCore", dependencies: ["CYAML", "CProcessControl"], plugins: ["EmbedRuntimes"]),
        // prctl(PR_SET_CHILD_SUBREAPER) for the conformance runner (a variadic C call Swift cannot make).
        .target(name: "CProcessControl"),
        .executableTarget(name: "embed-runtimes"),
        .plugin(name: "EmbedRuntimes", capability: .buildTool(), dependencies: ["embed-runtimes"]),
        // The Swift runtime compiled on its own, so its unit tests exercise the very source `emit` copies.
        .target(name: "ContractRuntime", path: "Runtime/swift"),
        // The thin command-line front end.
        .executableTarget(name: "contract-gen", dependencies: ["ContractGenCore"]),
        // The command-line front end as a package command (verb `contract-gen`), run in the
        // consumer package's directory so its contract-gen.yaml applies.
        .plugin(
            name: "ContractGenCommandPlugin",
            capability: .command(
                intent: .custom(verb: "contract-gen", description: "Run contract-gen (emit, check, conform, …) in this package"),
                permissions: [.writeToPackageDirectory(reason: "contract-gen emit writes the generated decoders and goldens contract-gen.yaml names")]
            ),
            dependencies: ["contract-gen"]
        ),
        // The committed generated Swift, compiled as is: tests exercise the very file a user copies.
        .target(name: "GeneratedContracts", path: "generated/swift/Contracts"),
        // The generated Swift testee (docs/conformance.md), speaking JSON lines on stdin/stdout.
        .executableTarget(
            name: "contract-testee-swift",
            dependencies: ["GeneratedContracts"],
            path: "generated/swift/Testee"
        ),
        // Benchmarks: generated decoder vs JSONDecoder (run with `swift run -c release contract-bench`).
        .executableTarget(
            name: "contract-bench",
            dependencies: ["GeneratedContracts"],
            path: "Benchmarks/contract-bench"
        ),
        // Encoder benchmarks: generated encoder vs JSONEncoder (Benchmarks/run-encoders.sh).
        .executableTarget(
            name: "contract-bench-encoders",
            dependencies: ["GeneratedContracts"],
            path: "Benchmarks/contract-bench-encoders"
        ),
        .testTarget(name: "ContractRuntimeTests", dependencies: ["ContractRuntime"]),
        .testTarget(
            name: "ContractGenCoreTests",
            dependencies: ["ContractGenCore", "GeneratedContracts"]
        ),
    ]
)
