import PickTestSupport

/// Generates a shell history (`~/.bash_history` after `erasedups`): the
/// commands of a developer who works on a few services for months.
///
/// Real histories are dominated by near-duplicates — the same `kubectl logs`
/// with another pod suffix, `git checkout` of twenty similar branch names,
/// `ssh` to numbered hosts — so the few letters a person types match many
/// lines, and the one they mean differs from its neighbours by a word. The
/// generator keeps a working state (branches, pods, hosts, files) that
/// changes slowly, and often repeats a recent command with one change.
struct ShellHistoryGenerator {
  private var rng: SeededGenerator
  private var branches: [String] = []
  private var files: [String] = []
  private var pods: [String: [String]] = [:]
  private var recent: [Shape] = []

  init(seed: UInt64) {
    rng = SeededGenerator(seed: seed)
  }

  /// About `lineCount` distinct commands, oldest first. A repeated command
  /// keeps only its latest position, as `HISTCONTROL=erasedups` does.
  mutating func commands(lineCount: Int) -> [String] {
    var tree = SourceTreeGenerator(seed: rng.next())
    files = tree.paths(lineCount: 600)
      .filter { !$0.contains("node_modules") && !$0.contains("/vendor/") }
    for _ in 0..<24 { branches.append(newBranch()) }
    var lastIndex: [String: Int] = [:]
    var order: [String] = []
    while lastIndex.count < lineCount {
      let shape = rng.chance(0.4) && !recent.isEmpty ? rng.element(of: recent) : freshShape()
      let command = command(shape)
      lastIndex[command] = order.count
      order.append(command)
      recent.append(shape)
      if recent.count > 30 { recent.removeFirst() }
      if rng.chance(0.01) { branches[rng.below(branches.count)] = newBranch() }
    }
    return order.enumerated().filter { lastIndex[$0.element] == $0.offset }.map(\.element)
  }

  // MARK: State

  private mutating func newBranch() -> String {
    let kind = rng.element(of: ["feature", "feature", "fix", "chore", "release", "hotfix"])
    if kind == "release" { return "release/\(rng.within(1...3)).\(rng.within(0...12))" }
    let words = rng.sample(rng.within(1...2), of: WordLists.branchWords).joined(separator: "-")
    return rng.chance(0.3)
      ? "\(kind)/\(rng.element(of: ["JIRA", "OPS", "WEB"]))-\(rng.within(100...2999))-\(words)" : "\(kind)/\(words)"
  }

  private mutating func branch() -> String {
    rng.chance(0.2) ? rng.element(of: ["main", "develop", "master"]) : rng.frequent(of: branches)
  }

  private mutating func file() -> String {
    rng.element(of: files)
  }

  private mutating func service() -> String {
    rng.frequent(of: WordLists.services)
  }

  /// A pod of the service; pods are replaced now and then, as after a rollout.
  private mutating func pod(of service: String) -> String {
    if pods[service] == nil || rng.chance(0.08) {
      let replicaSet = rng.alphanumeric(rng.chance(0.7) ? 10 : 9)
      pods[service] = (0..<rng.within(1...4)).map { _ in "\(service)-\(replicaSet)-\(rng.alphanumeric(5))" }
    }
    return rng.element(of: pods[service]!)
  }

  private mutating func host() -> String {
    let host = rng.frequent(of: WordLists.hosts)
    return rng.chance(0.5) ? "\(host).\(rng.element(of: WordLists.domains))" : host
  }

  private mutating func namespace() -> String {
    rng.frequent(of: WordLists.namespaces)
  }

  // MARK: Commands

  /// A command's family and variant (`kubectl logs -f POD -n NS`): drawing
  /// the arguments again for a recent shape gives the near-duplicates that
  /// crowd real histories — another pod, namespace, branch or file.
  private struct Shape: Equatable {
    let family: Int
    let variant: Int
  }

  private mutating func freshShape() -> Shape {
    let family: Int
    switch rng.below(100) {
    case 0..<30: family = 0
    case 30..<45: family = 1
    case 45..<55: family = 2
    case 55..<62: family = 3
    case 62..<68: family = 4
    case 68..<80: family = 5
    case 80..<90: family = 6
    default: family = 7
    }
    return Shape(family: family, variant: rng.below(20))
  }

  private mutating func command(_ shape: Shape) -> String {
    switch shape.family {
    case 0: return gitCommand(shape.variant % 17)
    case 1: return kubectlCommand(shape.variant % 12)
    case 2: return dockerCommand(shape.variant % 10)
    case 3: return sshCommand(shape.variant % 5)
    case 4: return makeCommand(shape.variant % 5)
    case 5: return editorOrNavigation(shape.variant % 7)
    case 6: return toolchainCommand(shape.variant % 9)
    default: return opsCommand(shape.variant % 8)
    }
  }

  /// Now and then output goes through a pager or a filter.
  private mutating func piped(_ command: String) -> String {
    guard rng.chance(0.12) else { return command }
    return command + " " + rng.element(of: ["| less", "| grep -i error", "| head -50", "| wc -l", "| tail -20"])
  }

  private mutating func gitCommand(_ variant: Int) -> String {
    switch variant {
    case 0: return "git status"
    case 1: return "git add \(file())"
    case 2: return "git commit -m \"\(rng.element(of: WordLists.commitMessages))\""
    case 3, 4: return "git checkout \(branch())"
    case 5: return "git checkout -b \(newBranch())"
    case 6: return "git push origin \(branch())"
    case 7: return "git push -u origin \(branch())"
    case 8: return "git pull --rebase origin \(branch())"
    case 9: return piped("git log --oneline -n \(rng.element(of: [10, 20, 50]))")
    case 10: return "git diff \(rng.chance(0.5) ? file() : "origin/" + branch())"
    case 11: return "git rebase -i HEAD~\(rng.within(2...8))"
    case 12: return "git merge --no-ff \(branch())"
    case 13: return "git cherry-pick \(rng.hex(rng.chance(0.5) ? 7 : 10))"
    case 14: return "git show \(rng.hex(7)):\(file())"
    case 15: return "git blame \(file())"
    default: return "git branch -D \(branch())"
    }
  }

  private mutating func kubectlCommand(_ variant: Int) -> String {
    let service = service()
    let ns = namespace()
    switch variant {
    case 0, 1: return piped("kubectl get pods -n \(ns)")
    case 2: return "kubectl get pods -n \(ns) -l app=\(service)"
    case 3, 4: return piped("kubectl logs -f \(pod(of: service)) -n \(ns)")
    case 5: return "kubectl describe pod \(pod(of: service)) -n \(ns)"
    case 6:
      return
        "kubectl apply -f deploy/k8s/\(service)/\(rng.element(of: ["deployment", "service", "configmap", "ingress"])).yaml"
    case 7: return "kubectl delete pod \(pod(of: service)) -n \(ns)"
    case 8: return "kubectl rollout restart deployment/\(service) -n \(ns)"
    case 9:
      return
        "kubectl port-forward svc/\(service) \(rng.element(of: [8080, 9090, 5432, 6379, 3000])):\(rng.element(of: [80, 8080, 5432, 6379])) -n \(ns)"
    case 10: return "kubectl exec -it \(pod(of: service)) -n \(ns) -- \(rng.element(of: ["sh", "bash", "env"]))"
    default:
      return
        "kubectl config use-context \(rng.element(of: WordLists.environments))-\(rng.element(of: ["eu", "us", "ap"]))"
    }
  }

  private mutating func dockerCommand(_ variant: Int) -> String {
    let image = "\(rng.element(of: WordLists.images)):\(rng.element(of: WordLists.imageTags))"
    let service = service()
    switch variant {
    case 0: return "docker ps -a"
    case 1: return "docker run -it --rm \(image) \(rng.element(of: ["sh", "bash"]))"
    case 2:
      return
        "docker run -d -p \(rng.element(of: [5432, 6379, 8080, 3306])):\(rng.element(of: [5432, 6379, 80, 3306])) --name \(service)-dev \(image)"
    case 3: return "docker exec -it \(service)-dev \(rng.element(of: ["sh", "bash", "psql -U postgres"]))"
    case 4: return piped("docker logs -f \(service)-dev")
    case 5: return "docker build -t acme/\(service):\(rng.hex(7)) ."
    case 6: return "docker compose up -d \(service)"
    case 7: return "docker compose logs -f --tail=200 \(service)"
    case 8: return "docker pull \(image)"
    default: return "docker rm -f \(service)-dev"
    }
  }

  private mutating func sshCommand(_ variant: Int) -> String {
    let user = rng.element(of: WordLists.users)
    switch variant {
    case 0, 1: return "ssh \(user)@\(host())"
    case 2: return "ssh -i ~/.ssh/id_ed25519 \(user)@\(host())"
    case 3:
      return "ssh -L \(rng.element(of: [5432, 6379, 8080])):localhost:\(rng.element(of: [5432, 6379, 8080])) \(host())"
    default: return "scp \(file()) \(user)@\(host()):/tmp/"
    }
  }

  private mutating func makeCommand(_ variant: Int) -> String {
    let target = rng.frequent(of: WordLists.makeTargets)
    switch variant {
    case 0: return "make \(target)"
    case 1: return "make -j\(rng.element(of: [4, 8, 16])) \(target)"
    case 2: return "make -C services/\(service()) \(target)"
    case 3: return "make \(target) ENV=\(rng.element(of: WordLists.environments))"
    default: return "make install PREFIX=~/.local"
    }
  }

  private mutating func editorOrNavigation(_ variant: Int) -> String {
    let path = file()
    let directory = path.split(separator: "/").dropLast().joined(separator: "/")
    switch variant {
    case 0, 1: return "vim \(path)"
    case 2: return "cd \(directory.isEmpty ? "~" : directory)"
    case 3: return "ls -la \(directory.isEmpty ? "." : directory)"
    case 4: return "rg -n \(rng.frequent(of: WordLists.nouns)) \(directory.isEmpty ? "." : directory)"
    case 5:
      return "grep -rn \"\(rng.frequent(of: WordLists.nouns))\" --include=*.\(rng.element(of: ["go", "ts", "py"])) ."
    default: return "code \(path)"
    }
  }

  private mutating func toolchainCommand(_ variant: Int) -> String {
    let noun = rng.frequent(of: WordLists.nouns)
    switch variant {
    case 0: return "go test ./internal/\(rng.frequent(of: WordLists.packages))/... -run Test\(noun.capitalizedFirst())"
    case 1: return "go build -o bin/\(service()) ./cmd/\(service())"
    case 2: return "npm run \(rng.element(of: WordLists.npmScripts))"
    case 3: return "npm install --save-dev \(rng.element(of: WordLists.thirdParty))"
    case 4: return "cargo test \(noun) -- --nocapture"
    case 5: return "cargo build --release"
    case 6: return "python -m pytest tests/test_\(noun).py -k \(rng.frequent(of: WordLists.nouns))"
    case 7: return "pip install \(rng.element(of: WordLists.pythonPackages))"
    default: return "go mod tidy"
    }
  }

  private mutating func opsCommand(_ variant: Int) -> String {
    let service = service()
    switch variant {
    case 0:
      return
        "curl -s http://localhost:\(rng.element(of: [8080, 3000, 9090]))/api/\(rng.frequent(of: WordLists.nouns)) | jq ."
    case 1: return "tail -f /var/log/\(service)/\(rng.element(of: ["app", "error", "access"])).log"
    case 2: return "sudo systemctl restart \(service)"
    case 3: return piped("systemctl status \(service)")
    case 4: return "journalctl -u \(service) -f --since \"\(rng.within(1...12)) hours ago\""
    case 5: return "terraform plan -var-file=\(rng.element(of: WordLists.environments)).tfvars"
    case 6:
      return
        "helm upgrade --install \(service) ./deploy/helm/\(service) -n \(namespace()) -f deploy/helm/\(service)/values-\(rng.element(of: WordLists.environments)).yaml"
    default:
      return
        "psql -h \(host()) -U \(rng.element(of: WordLists.users)) \(rng.element(of: ["orders", "billing", "users", "analytics"]))"
    }
  }
}

extension String {
  fileprivate func capitalizedFirst() -> String {
    prefix(1).uppercased() + dropFirst()
  }
}
