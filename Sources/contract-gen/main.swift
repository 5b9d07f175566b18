/// The `contract-gen` executable: argv in, exit status out; everything else lives in ContractGenCore.
import ContractGenCore
import Foundation

exit(ContractGenCommand().run(Array(CommandLine.arguments.dropFirst())))
