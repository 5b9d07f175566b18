// The Kotlin compiler kept warm for `contract-gen mutate`: each Kotlin mutant is one `kotlinc`
// compile of one file, and a new JVM spends most of such a compile starting up and loading the
// compiler (about 5 s against about 1 s warm, here). This program runs the compiler's own entry
// point (K2JVMCompiler, what the `kotlinc` script runs) once per request, in one JVM, so the
// verdict and the class files are the ones `kotlinc` gives (the mutation tests compare them).
//
// Protocol, one line each way (UTF-8):
//   request:  the kotlinc arguments, separated by tabs (an argument holds no tab or line break)
//   response: the exit code (0 OK, 1 a compilation error; anything else is no verdict), a tab,
//             then the compiler's messages with `\` as `\\`, a line feed as `\n` and a carriage
//             return as `\r`
// The program ends at the end of its input. Compiled with the Debian kotlinc (Kotlin 1.3).
import org.jetbrains.kotlin.cli.jvm.K2JVMCompiler
import java.io.BufferedReader
import java.io.ByteArrayOutputStream
import java.io.FileDescriptor
import java.io.FileOutputStream
import java.io.InputStreamReader
import java.io.PrintStream

fun escapeLine(text: String): String {
    val out = StringBuilder(text.length + 16)
    for (c in text) {
        when (c) {
            '\\' -> out.append("\\\\")
            '\n' -> out.append("\\n")
            '\r' -> out.append("\\r")
            else -> out.append(c)
        }
    }
    return out.toString()
}

fun main() {
    val input = BufferedReader(InputStreamReader(System.`in`, Charsets.UTF_8))
    // Standard output carries the responses alone: anything the compiler prints there itself goes to stderr.
    val output = PrintStream(FileOutputStream(FileDescriptor.out), false, "UTF-8")
    System.setOut(System.err)
    while (true) {
        val line = input.readLine() ?: return
        val messages = ByteArrayOutputStream()
        var broken = false
        val code = try {
            K2JVMCompiler().exec(PrintStream(messages, true, "UTF-8"), *line.split('\t').toTypedArray()).code
        } catch (failure: Throwable) {
            // Something escaped the compiler (out of memory, a linkage error): this JVM is not to be
            // trusted with another compile. The client runs kotlinc instead for any code but 0 and 1.
            failure.printStackTrace(PrintStream(messages, true, "UTF-8"))
            broken = true
            3
        }
        output.print(code.toString() + "\t" + escapeLine(messages.toString("UTF-8")) + "\n")
        output.flush()
        if (broken) return
    }
}
