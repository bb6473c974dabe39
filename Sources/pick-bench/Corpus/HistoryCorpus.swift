import PickTestSupport

/// Shell-history-like command lines.
///
/// Each line is a command (most often `git`, `cd`, `ls`, `vim`, ...) with
/// arguments shaped like that command's: subcommands, flags, paths, branch
/// names, hosts, quoted commit messages, pipes. A quarter of the lines repeat
/// one of the last few dozen, as real histories do.
struct HistoryCorpus {
  private var random: SeededGenerator
  private static let words = Vocabulary.words

  /// `count` newline-terminated command lines.
  static func generate(count: Int, seed: UInt64) -> [UInt8] {
    var corpus = HistoryCorpus(random: SeededGenerator(seed: seed))
    var recent: [String] = []
    var output: [UInt8] = []
    output.reserveCapacity(count * 40)
    for _ in 0..<count {
      let line: String
      if recent.count >= 8 && corpus.random.chance(0.25) {
        line = corpus.random.element(of: recent)
      } else {
        line = corpus.commandLine()
        if recent.count == 64 { recent.removeFirst() }
        recent.append(line)
      }
      output += line.utf8
      output.append(UInt8(ascii: "\n"))
    }
    return output
  }

  private mutating func commandLine() -> String {
    let command = random.skewedElement(of: [
      "git", "cd", "ls", "vim", "make", "rg", "ssh", "docker", "kubectl", "python3", "grep", "cargo",
      "swift", "npm", "curl", "find", "cat", "less", "tar", "rsync", "sed", "man", "systemctl",
      "apt-get", "tmux", "htop", "echo",
    ])
    switch command {
    case "git": return "git " + gitArguments()
    case "cd": return "cd " + directory()
    case "ls": return "ls " + pick(["-la ", "-lh ", "", "-1 "]) + directory()
    case "vim", "cat", "less": return command + " " + file()
    case "man": return "man " + pick(["git-rebase", "ssh_config", "5 crontab", "bash", "tmux", word()])
    case "make": return "make " + pick(["", "test", "clean", "install", "-j4", "release", "docs"])
    case "rg", "grep": return command + pick([" -n ", " -rn ", " -i ", " "]) + quoted(word()) + " " + directory()
    case "ssh": return "ssh " + pick(["", "-p 2222 ", "-A ", "-L 8080:localhost:80 "]) + host()
    case "docker": return "docker " + dockerArguments()
    case "kubectl": return "kubectl " + kubectlArguments()
    case "python3":
      return "python3 "
        + pick([
          file(extension: "py"), "-m pytest " + directory() + " -k " + word(), "-m venv .venv", "-m http.server 8000",
        ])
    case "cargo": return "cargo " + pick(["build --release", "test " + word(), "run --bin " + word(), "clippy", "fmt"])
    case "swift":
      return "swift "
        + pick(["build -c release", "test --filter " + word().capitalized, "run " + word(), "package resolve", "build"])
    case "npm":
      return "npm " + pick(["install " + word(), "run build", "test", "ci", "run dev", "install --save-dev " + word()])
    case "curl":
      return "curl " + pick(["-sSL ", "-X POST ", "-v ", "-I "]) + url() + pick(["", " | jq .", " -o " + file()])
    case "find":
      return "find " + directory() + " -name " + quoted("*." + pick(Vocabulary.commonExtensions))
        + pick(["", " -type f", " -delete"])
    case "tar": return "tar " + pick(["-xzf ", "-czf ", "-tvf "]) + word() + ".tar.gz" + pick(["", " " + directory()])
    case "rsync": return "rsync -avz " + directory() + " " + host() + ":" + directory()
    case "sed": return "sed -i " + quoted("s/" + word() + "/" + word() + "/g") + " " + file()
    case "systemctl": return "systemctl " + pick(["status ", "restart ", "stop ", "enable --now "]) + word()
    case "apt-get": return "sudo apt-get " + pick(["install -y ", "remove ", "update", "upgrade -y"]) + word()
    case "tmux": return "tmux " + pick(["attach -t ", "new -s ", "kill-session -t "]) + word()
    case "echo": return "echo " + pick(["$PATH", "$HOME", quoted(word() + " " + word()), "$?"])
    default: return command
    }
  }

  private mutating func gitArguments() -> String {
    switch random.skewedIndex(16) {
    case 0: return "status"
    case 1: return "diff" + pick(["", " --cached", " HEAD~1", " " + file()])
    case 2: return "add " + pick(["-p", ".", file()])
    case 3: return "commit -m " + quoted(message())
    case 4: return "log --oneline" + pick(["", " -n 20", " --graph", " " + file()])
    case 5: return "checkout " + branch()
    case 6: return "push origin " + branch()
    case 7: return "pull --rebase"
    case 8: return "rebase -i HEAD~" + String(2 + random.below(9))
    case 9: return "stash" + pick(["", " pop", " list"])
    case 10: return "fetch --all --prune"
    case 11: return "switch -c " + branch()
    case 12: return "grep -n " + word()
    case 13: return "blame " + file()
    case 14: return "show HEAD~" + String(random.below(5))
    default: return "commit --amend --no-edit"
    }
  }

  private mutating func dockerArguments() -> String {
    let image = word() + ":" + pick(["latest", "1.2", "dev", "v3"])
    switch random.below(6) {
    case 0: return "run --rm -it " + image + pick(["", " bash", " sh"])
    case 1: return "build -t " + image + " ."
    case 2: return "ps -a"
    case 3: return "logs -f " + word()
    case 4: return "exec -it " + word() + " bash"
    default: return "compose up -d " + word()
    }
  }

  private mutating func kubectlArguments() -> String {
    let namespace = " -n " + pick(["default", "staging", "prod", "kube-system", word()])
    switch random.below(5) {
    case 0: return "get pods" + namespace
    case 1: return "describe pod " + pod() + namespace
    case 2: return "logs -f " + pod() + namespace
    case 3: return "apply -f " + file(extension: "yaml")
    default: return "rollout restart deployment/" + word() + namespace
    }
  }

  private mutating func word() -> String { random.skewedElement(of: Self.words) }

  private mutating func pick(_ choices: [String]) -> String { random.element(of: choices) }

  private func quoted(_ text: String) -> String { "\"" + text + "\"" }

  private mutating func directory() -> String {
    var path = pick(["", "~/", "../", "./", "/etc/", "~/projects/", "/var/log/"])
    for index in 0...random.count(mean: 1.2, limit: 5) {
      path += (index == 0 ? "" : "/") + word()
    }
    return path
  }

  private mutating func file(extension ext: String? = nil) -> String {
    let ext =
      ext
      ?? random.skewedElement(of: ["py", "swift", "c", "md", "json", "yaml", "txt", "go", "rs", "sh", "js", "conf"])
    return (random.chance(0.6) ? directory() + "/" : "") + word() + "." + ext
  }

  private mutating func branch() -> String {
    pick([
      "main", "main", "develop", "feature/" + word() + "-" + word(), "fix/" + word(),
      "release/v" + String(1 + random.below(9)),
    ])
  }

  private mutating func host() -> String {
    pick(["", "root@", "deploy@", "user@"]) + word() + "-" + String(format2: random.below(40))
      + pick(["", ".internal", ".example.com"])
  }

  private mutating func pod() -> String {
    word() + "-" + String(random.next() & 0xFFFFF, radix: 36)
  }

  private mutating func url() -> String {
    var url = "https://" + pick(["api.example.com", "localhost:8080", "github.com", word() + ".internal"])
    for _ in 0...random.count(mean: 1.5, limit: 5) { url += "/" + word() }
    return url
  }

  private mutating func message() -> String {
    pick(["fix ", "add ", "update ", "remove ", "refactor ", "wip: ", "test ", "docs: "]) + word()
      + pick(["", " " + word(), " crash", " support", " for " + word()])
  }
}

extension String {
  /// Two digits with a leading zero (`07`), as host names number machines.
  fileprivate init(format2 number: Int) {
    self = number < 10 ? "0" + String(number) : String(number)
  }

  fileprivate var capitalized: String { prefix(1).uppercased() + dropFirst() }
}
