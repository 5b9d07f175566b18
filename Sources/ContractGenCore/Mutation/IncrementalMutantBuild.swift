/// A mutant build that starts from the unmutated build instead of from nothing (TypeScript:
/// `tsc --incremental`; Swift: the driver's incremental mode), so a mutant pays for what its one
/// changed file reaches, not for the whole testee. Built with the flags `conform` uses.
protocol IncrementalMutantBuild {
    /// The unmutated testee as the incremental build made it: run against every case before any
    /// mutant, so a build that differs from `conform`'s cannot pass as mutants killed.
    var baseCommand: [String] { get }
    /// Builds the sources as they now are (one file mutated): the launch command, or why not.
    func build() -> Result<[String], MutantBuildFailure>
}

/// Why a mutant build gave no testee: the compiler refused the sources (the mutant is
/// stillborn), or the build itself could not run (a copy failed: an error of the run, never
/// taken as the mutant's outcome).
enum MutantBuildFailure: Error {
    case compiler(String)
    case infrastructure(String)
}
