import Foundation
import PackagePlugin

/// Tells the `tally` executable the commit it is built from (`tally --version`): before
/// every build it writes `BuildCommit.swift`, holding `TALLY_BUILD_COMMIT` when the build's
/// environment sets it (a release built outside a clone), else what `git rev-parse` says
/// of the package's folder (`-dirty` when files differ from it), else nil: `tally
/// --version` then says "unknown commit". The file is rewritten only when its text
/// changes, so an unchanged commit costs no recompile; it lives in the build folder, never
/// in the repository. Nothing but `/bin/sh` and, when there, `git` is run.
@main
struct BuildCommit: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("Generated")
        let script = #"""
            out="$1"; root="$2"
            commit="${TALLY_BUILD_COMMIT:-}"
            if [ -z "$commit" ] && command -v git >/dev/null 2>&1; then
                commit=$(git -C "$root" rev-parse --short=12 HEAD 2>/dev/null || true)
                if [ -n "$commit" ] && ! git -C "$root" diff --quiet HEAD -- 2>/dev/null; then commit="$commit-dirty"; fi
            fi
            case "$commit" in *[!0-9A-Za-z._-]*) commit="" ;; esac
            if [ -n "$commit" ]; then value="\"$commit\""; else value="nil"; fi
            mkdir -p "$out"
            text="// Written before each build by Plugins/BuildCommit; not in the repository.
            /// The commit \`tally\` was built from, nil when it is not known.
            let buildCommit: String? = $value"
            if [ "$(cat "$out/BuildCommit.swift" 2>/dev/null)" != "$text" ]; then
                printf '%s\n' "$text" > "$out/BuildCommit.swift.new" && mv "$out/BuildCommit.swift.new" "$out/BuildCommit.swift"
            fi
            """#
        var environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        environment["TALLY_BUILD_COMMIT"] = ProcessInfo.processInfo.environment["TALLY_BUILD_COMMIT"]
        return [
            .prebuildCommand(
                displayName: "Finding the commit tally is built from", executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, "sh", output.path, context.package.directoryURL.path], environment: environment,
                outputFilesDirectory: output)
        ]
    }
}
