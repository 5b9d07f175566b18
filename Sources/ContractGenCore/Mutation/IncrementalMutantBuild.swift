/// A mutant build that starts from the unmutated build instead of from nothing (TypeScript:
/// `tsc --incremental`; Swift: the driver's incremental mode), so a mutant pays for what its one
/// changed file reaches, not for the whole testee. Built with the flags `conform` uses.
protocol IncrementalMutantBuild {
    /// Builds the sources as they now are (one file mutated): the launch command, or the compiler's output.
    func build() -> Result<[String], MutantBuildFailure>
}

struct MutantBuildFailure: Error { var output: String }
