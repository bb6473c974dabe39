import PickTestSupport

/// Generates the file list of a plausible monorepo, as `git ls-files` would
/// print it: services in Go, front ends in TypeScript with vendored
/// `node_modules`, Python packages with a virtualenv, C libraries with
/// autotools files, Rust crates, documentation and deployment manifests.
///
/// What matters for ranking is not the exact layout but its statistics, so
/// the generator reproduces what real trees have and toy lists lack:
/// - the same directory names everywhere (`src`, `lib`, `test`, `internal`,
///   `docs`, `dist`), so a few letters of a directory name are ambiguous;
/// - the same file names in many directories (`index.ts`, `config.go`,
///   `__init__.py`, `README.md`), and families of similar names
///   (`config.go`, `config_test.go`, `configure.ac`, `conf.d/…`);
/// - bulky vendored trees whose long paths contain almost any letters, so
///   fuzzy matches are plentiful and the scorer has to choose.
struct SourceTreeGenerator {
  private var rng: SeededGenerator
  private var paths: Set<String> = []

  init(seed: UInt64) {
    rng = SeededGenerator(seed: seed)
  }

  /// About `lineCount` distinct paths (a little more: the last module is
  /// finished), sorted the way `git ls-files` prints them.
  mutating func paths(lineCount: Int) -> [String] {
    addRootFiles()
    while paths.count < lineCount {
      switch rng.below(20) {
      case 0..<5: addGoService()
      case 5..<9: addFrontend()
      case 9..<12: addPythonPackage()
      case 12..<14: addCLibrary()
      case 14..<16: addRustCrate()
      case 16..<17: addDocs()
      case 17..<19: addDeployment()
      default: addGoVendorModule()
      }
    }
    return paths.sorted()
  }

  // MARK: Names

  /// A module or file stem in snake case: `config`, `http_server`.
  private mutating func snakeName() -> String {
    switch rng.below(10) {
    case 0..<6: return rng.frequent(of: WordLists.nouns)
    case 6..<9: return rng.frequent(of: WordLists.modifiers) + "_" + rng.frequent(of: WordLists.nouns)
    default: return rng.frequent(of: WordLists.nouns) + "_" + rng.frequent(of: WordLists.nouns)
    }
  }

  private mutating func words() -> [String] {
    snakeName().split(separator: "_").map(String.init)
  }

  /// `UserProfile`, as React components and Swift types are named.
  private mutating func pascalName() -> String {
    words().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }

  /// `userProfile`, as TypeScript modules are often named.
  private mutating func camelName() -> String {
    let parts = words()
    return parts[0] + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }

  /// `user-profile`, as documentation pages, scripts and CSS files are named.
  private mutating func kebabName() -> String {
    words().joined(separator: "-")
  }

  private mutating func add(_ path: String) {
    paths.insert(path)
  }

  private mutating func add(_ directory: String, _ names: [String]) {
    for name in names { add(directory.isEmpty ? name : directory + "/" + name) }
  }

  /// Where a module lives: the repository root, or a folder of the monorepo.
  private mutating func moduleRoot(_ folders: [String], name: String) -> String {
    rng.chance(0.15) ? name : rng.element(of: folders) + "/" + name
  }

  // MARK: Modules

  private mutating func addRootFiles() {
    add(
      "",
      [
        "README.md", "LICENSE", "Makefile", "configure.ac", "go.mod", "go.sum", "package.json",
        "package-lock.json", ".gitignore", ".editorconfig", "Dockerfile", "docker-compose.yml",
        "CHANGELOG.md", "CONTRIBUTING.md", ".github/workflows/ci.yml",
        ".github/workflows/release.yml", ".github/CODEOWNERS", "tsconfig.base.json",
      ])
    for _ in 0..<rng.within(6...14) {
      add("scripts/\(rng.element(of: WordLists.verbs))-\(kebabName()).sh")
    }
  }

  private mutating func addGoService() {
    let service = rng.element(of: WordLists.services)
    let root = moduleRoot(["services", "apps", "go"], name: service)
    add(root, ["go.mod", "Dockerfile", "Makefile", "README.md"])
    add("\(root)/cmd/\(service)", ["main.go"])
    if rng.chance(0.4) { add("\(root)/cmd/\(service)-migrate", ["main.go"]) }
    for _ in 0..<rng.within(3...9) {
      let top = rng.element(of: ["internal", "pkg", "internal", "lib"])
      var directory = "\(root)/\(top)/\(rng.frequent(of: WordLists.packages))"
      if rng.chance(0.35) { directory += "/" + rng.frequent(of: WordLists.packages) }
      for _ in 0..<rng.within(2...9) {
        let stem = snakeName()
        add("\(directory)/\(stem).go")
        if rng.chance(0.55) { add("\(directory)/\(stem)_test.go") }
        if rng.chance(0.05) { add("\(directory)/\(stem)_linux.go") }
      }
      if rng.chance(0.3) { add("\(directory)/doc.go") }
      if rng.chance(0.2) { add("\(directory)/testdata/\(snakeName()).golden") }
    }
    if rng.chance(0.5) {
      add("\(root)/api/proto", [rng.frequent(of: WordLists.nouns) + ".proto"])
      add("\(root)/configs", ["\(rng.element(of: WordLists.environments)).yaml", "config.yaml"])
    }
    if rng.chance(0.4) { addGoVendorModule(under: root) }
  }

  private mutating func addGoVendorModule(under root: String? = nil) {
    let module = rng.element(of: WordLists.goModules)
    let base = root.map { "\($0)/vendor/\(module)" } ?? "vendor/\(module)"
    add(base, ["LICENSE", "README.md", "go.mod"])
    for _ in 0..<rng.within(2...8) {
      let directory = rng.chance(0.3) ? base : "\(base)/\(rng.frequent(of: WordLists.packages))"
      for _ in 0..<rng.within(3...14) {
        let stem = snakeName()
        add("\(directory)/\(stem).go")
        if rng.chance(0.3) { add("\(directory)/\(stem)_test.go") }
      }
    }
  }

  private mutating func addFrontend() {
    let root = moduleRoot(["packages", "apps", "web"], name: rng.element(of: WordLists.services))
    add(root, ["package.json", "tsconfig.json", "README.md", ".eslintrc.js", "vite.config.ts"])
    add("\(root)/public", ["index.html", "favicon.ico", "robots.txt"])
    add("\(root)/src", ["index.tsx", "App.tsx", "App.test.tsx", "main.tsx", "setupTests.ts"])
    for _ in 0..<rng.within(5...25) {
      let component = pascalName()
      let directory = "\(root)/src/components/\(component)"
      add(directory, ["\(component).tsx", "index.ts"])
      if rng.chance(0.6) { add(directory, ["\(component).test.tsx"]) }
      if rng.chance(0.5) { add(directory, ["\(component).module.css"]) }
      if rng.chance(0.3) { add(directory, ["\(component).stories.tsx"]) }
    }
    for folder in ["hooks", "utils", "api", "store", "pages", "lib", "types"] where rng.chance(0.7) {
      for _ in 0..<rng.within(2...10) {
        let stem = folder == "hooks" ? "use" + pascalName() : folder == "pages" ? kebabName() : camelName()
        add("\(root)/src/\(folder)/\(stem).ts")
        if rng.chance(0.35) { add("\(root)/src/\(folder)/\(stem).test.ts") }
      }
      add("\(root)/src/\(folder)/index.ts")
    }
    if rng.chance(0.7) { addNodeModules(under: root) }
  }

  private mutating func addNodeModules(under root: String) {
    for _ in 0..<rng.within(10...35) {
      var name = rng.element(of: WordLists.thirdParty)
      if rng.chance(0.15) { name = rng.element(of: WordLists.npmScopes) + "/" + name }
      var base = "\(root)/node_modules/\(name)"
      // npm's nested installs: a dependency with its own node_modules.
      if rng.chance(0.15) { base += "/node_modules/" + rng.element(of: WordLists.thirdParty) }
      add(base, ["package.json", "README.md", "LICENSE", "index.js"])
      if rng.chance(0.5) { add(base, ["CHANGELOG.md", "index.d.ts"]) }
      let leaf = name.split(separator: "/").last.map(String.init) ?? name
      if rng.chance(0.6) { add("\(base)/dist", ["\(leaf).js", "\(leaf).min.js", "\(leaf).js.map"]) }
      for folder in ["lib", "src", "test", "dist/esm", "dist/cjs", "types"] where rng.chance(0.4) {
        for _ in 0..<rng.within(2...16) {
          let stem = rng.chance(0.5) ? camelName() : kebabName()
          let ext = folder == "src" ? "ts" : folder == "types" ? "d.ts" : "js"
          add("\(base)/\(folder)/\(stem).\(ext)")
        }
      }
    }
  }

  private mutating func addPythonPackage() {
    let project = snakeName()
    let root = moduleRoot(["python", "tools", "ml"], name: project.replacingUnderscores())
    add(root, ["setup.py", "pyproject.toml", "requirements.txt", "README.md", "tox.ini"])
    add("\(root)/\(project)", ["__init__.py", "__main__.py"])
    for _ in 0..<rng.within(2...7) {
      let directory = "\(root)/\(project)/\(rng.frequent(of: WordLists.packages))"
      add(directory, ["__init__.py"])
      for _ in 0..<rng.within(2...10) {
        let stem = snakeName()
        add("\(directory)/\(stem).py")
        if rng.chance(0.5) { add("\(root)/tests/test_\(stem).py") }
      }
    }
    add("\(root)/tests", ["__init__.py", "conftest.py"])
    if rng.chance(0.5) {
      let sitePackages = "\(root)/.venv/lib/python3.11/site-packages"
      for package in rng.sample(rng.within(4...12), of: WordLists.pythonPackages) {
        add("\(sitePackages)/\(package)", ["__init__.py"])
        for _ in 0..<rng.within(3...25) {
          let sub = rng.chance(0.3) ? "/" + rng.frequent(of: WordLists.packages) : ""
          add("\(sitePackages)/\(package)\(sub)/\(snakeName()).py")
        }
      }
    }
  }

  private mutating func addCLibrary() {
    let name = "lib" + rng.frequent(of: WordLists.nouns)
    let root = moduleRoot(["native", "third_party", "libs"], name: name)
    add(
      root,
      [
        "configure.ac", "Makefile.am", "CMakeLists.txt", "README", "COPYING", "autogen.sh",
        "config.h.in",
      ])
    for macro in rng.sample(
      rng.within(2...6), of: ["ax_pthread", "ax_cflags", "libtool", "ltoptions", "pkg", "ax_check_compile_flag"])
    {
      add("\(root)/m4/\(macro).m4")
    }
    for _ in 0..<rng.within(5...25) {
      let stem = snakeName()
      add("\(root)/src/\(stem).c")
      if rng.chance(0.7) { add("\(root)/include/\(name)/\(stem).h") }
      if rng.chance(0.4) { add("\(root)/tests/test_\(stem).c") }
    }
    if rng.chance(0.5) {
      for _ in 0..<rng.within(2...6) {
        add("\(root)/etc/conf.d/\(rng.within(10...90))-\(kebabName()).conf")
      }
    }
  }

  private mutating func addRustCrate() {
    let name = kebabName()
    let root = "crates/\(name)"
    add(root, ["Cargo.toml", "README.md", "src/lib.rs"])
    for _ in 0..<rng.within(3...12) {
      let stem = snakeName()
      if rng.chance(0.3) {
        add("\(root)/src/\(stem)", ["mod.rs", "\(snakeName()).rs", "tests.rs"])
      } else {
        add("\(root)/src/\(stem).rs")
      }
      if rng.chance(0.25) { add("\(root)/tests/\(stem).rs") }
    }
    if rng.chance(0.4) { add("\(root)/benches/\(snakeName()).rs") }
    if rng.chance(0.3) { add("\(root)/examples/\(snakeName()).rs") }
  }

  private mutating func addDocs() {
    let root = rng.chance(0.7) ? "docs" : "\(rng.element(of: WordLists.services))/docs"
    for _ in 0..<rng.within(5...20) {
      let topic = rng.element(of: WordLists.docTopics)
      add("\(root)/\(topic)/\(kebabName()).md")
      if rng.chance(0.2) { add("\(root)/images/\(kebabName()).png") }
    }
    add(root, ["index.md", "mkdocs.yml"])
  }

  private mutating func addDeployment() {
    let service = rng.element(of: WordLists.services)
    for kind in ["deployment", "service", "configmap", "ingress", "hpa", "secret"] where rng.chance(0.6) {
      add("deploy/k8s/\(service)/\(kind).yaml")
      add("deploy/helm/\(service)/templates/\(kind).yaml")
    }
    add("deploy/helm/\(service)", ["Chart.yaml", "values.yaml"])
    for environment in rng.sample(rng.within(1...3), of: WordLists.environments) {
      add("deploy/helm/\(service)/values-\(environment).yaml")
      add("config/\(environment)/\(service).yaml")
    }
    if rng.chance(0.4) {
      add("etc/\(service)/conf.d", ["\(rng.within(10...90))-\(kebabName()).conf", "default.conf"])
    }
  }
}

extension String {
  fileprivate func replacingUnderscores() -> String {
    String(map { $0 == "_" ? "-" : $0 })
  }
}
