// pick-rank: does pick put the line a person meant first more often than fzf?
// See Docs/Ranking.md for how the lists and queries are made.
import Foundation

do {
  let options = try RankOptions(arguments: Array(CommandLine.arguments.dropFirst()))
  if options.isHelp {
    print(RankOptions.usage)
  } else {
    try RankCheck(options: options).run()
  }
} catch {
  log("\(error)")
  exit(2)
}
