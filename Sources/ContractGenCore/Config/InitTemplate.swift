/// The contract-gen.yaml `contract-gen init` writes: every key, set to what contract-gen does
/// without a config file, each with a comment saying what it controls (docs/config.md has more).

enum InitTemplate {
    static let text = """
    # contract-gen.yaml: where contract-gen reads schemas and writes generated files.
    # contract-gen finds this file in the current directory or the nearest one above it.
    # Every path is relative to this file's directory and must stay inside it.
    # The values below are the defaults (the layout without a config file); see docs/config.md.

    # The schemas: a directory (every *.yaml / *.yml in it) or a list of files.
    schemas: schema

    # Swift: the runtime and one file per contract, to add to your app or widget target.
    swift:
      out: generated/swift/Contracts
      # public (a separate module the app imports) or internal (compiled into the app's own target).
      access: public

    # Kotlin: a source root; files go below it in their package's directories
    # (e.g. android/app/src/main/java).
    kotlin:
      out: generated/kotlin
      # The package of the shared runtime (ContractRuntime.kt).
      runtime-package: dev.contractgen.runtime

    # TypeScript: the runtime module and one module per contract.
    typescript:
      out: generated/typescript
      # esm: relative imports end in .js (native ES modules); commonjs: no extension.
      module: commonjs

    # The golden conformance fixtures, one directory per contract.
    goldens: golden

    # The testees (test-harness programs for `contract-gen conform`); never add them to an app.
    # One directory (then DIR/swift, DIR/kotlin, DIR/typescript) or one per language:
    testees:
      swift: generated/swift/Testee
      kotlin: generated/kotlin
      typescript: generated/typescript

    # Per contract (its `contract:` name), a directory for its files instead of the language's `out`:
    # contracts:
    #   my-contract:
    #     swift: ios/Widget/Generated

    """
}
