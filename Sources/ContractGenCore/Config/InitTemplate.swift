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

    /// The starter schema `init` writes when the schemas directory holds none: a small contract
    /// that exercises the common rules, so `init && emit && check && conform` runs at once.
    static let starterSchemaPath = "schema/my-widget.yaml"
    static let starterSchema = """
    # A starter contract written by `contract-gen init`, so that `emit`, `check` and `conform` run at
    # once. Make it yours (docs/schema.md has every key): rename the file and the names below, change
    # the fields, or delete it once your own schema is here.
    contract: my-widget                  # lowercase-kebab-case; also the golden directory's name
    doc: What the widget shows, written by the app and read by the widget.
    storage-key: my_widget               # the shared-storage key the app writes the text under
    targets:
      swift: {namespace: MyWidget}
      kotlin: {package: com.example.mywidget, object: MyWidget}
      typescript: {module: my-widget}
    version:
      field: v
      writes: 1
      accepts: [1]                       # a blob of any other version renders the empty state
    root: Snapshot
    types:
      Snapshot:
        doc: The whole blob.
        fields:
          day:
            type: localDate              # exactly YYYY-MM-DD; 2026-02-30 is invalid, never March 2
            optional: true               # missing or invalid: null
            doc: The local day the snapshot was made for.
          validUntil:
            type: epochMillis            # integral, 1 … 2^53−1; missing never reads as 1970
            optional: true
            doc: When the snapshot goes stale.
          items:
            type: {array: Item}
            default: []                  # invalid rows are dropped and counted, never guessed at
            doc: The rows the widget lists.
      Item:
        doc: One row.
        fields:
          id: {type: string, required: drop-element, doc: Its id.}
          title: {type: string, non-empty: true, required: drop-element, doc: What the row says.}
          done: {type: bool, default: false, doc: Whether it is done; a non-boolean reads as false.}
    behaviours:
      staleness: {field: validUntil}     # stale once now >= validUntil
      header: {day: day}                 # today, or "outdated" with the first instant of `day`
      timeline: {}                       # the entries a widget needs to flip at midnight by itself
    observation: {style: flat, dropped: true}

    """
}
