/// Words the generated corpora are made of, most common first (the generators
/// pick from them with `SeededGenerator.skewedElement(of:)`).
///
/// Written by hand from what source trees, package caches and home directories
/// hold, so that queries hit realistically: many items share `src`, `lib`,
/// `test`, `config`; few share `zlib` or `keyring`.
enum Vocabulary {
  /// Directory and file-stem words.
  static let words: [String] = """
    src lib test util core config index main common utils include internal api \
    docs base types model tests app server client data build cmd pkg tools \
    helpers service models views components assets static public scripts net \
    http io fs os sys dev log logging auth user users db sql cache parser \
    lexer ast codegen runtime vendor third_party examples example bench \
    benchmarks fixtures mocks support ui widgets layout style styles theme \
    images icons fonts locale locales i18n en de fr ja zh kernel drivers arch \
    x86 arm64 mm crypto hash json xml yaml proto grpc rpc web router routes \
    handlers middleware controllers storage store queue worker workers jobs \
    events event stream streams buffer memory alloc thread threads sync async \
    task tasks plugin plugins extensions ext module modules package packages \
    error errors result options settings env system platform linux darwin \
    windows unix posix shell term tty input output reader writer file files \
    path paths dir tmp temp backup archive release debug profile trace metrics \
    monitor health status admin account accounts session sessions token \
    tokens oauth login signup payment billing order orders cart product \
    products search query filter sort match matcher score ranking index_v2 \
    network socket tcp udp dns tls ssl cert certs keyring secret secrets \
    image video audio media player codec decoder encoder format formats \
    compress zlib gzip zip tar diff patch merge git hooks ci deploy docker \
    k8s helm charts terraform ansible nginx apache redis postgres mysql \
    sqlite mongo kafka rabbitmq elastic graph graphql schema schemas \
    migrations seeds dump report reports chart table tables grid list \
    tree node nodes edge edges vertex map maps set sets array vector matrix \
    math geometry physics render renderer shader shaders texture mesh scene \
    camera light audio_engine game engine editor viewer browser window \
    dialog menu button form forms field fields label text font color colors \
    palette animation transition gesture touch mouse keyboard key keys \
    binding bindings command commands action actions state store_v1 reducer \
    selector hook effects context provider consumer adapter bridge wrapper \
    facade proxy factory builder visitor observer iterator generator \
    allocator scheduler dispatcher executor pool arena slab page pages \
    block blocks chunk chunks segment segments region regions zone zones \
    cluster clusters shard shards replica primary secondary leader follower \
    raft paxos consensus election lease lock locks mutex semaphore barrier \
    channel channels pipe pipes signal signals timer timers clock time date \
    calendar schedule cron backup_old legacy deprecated experimental beta \
    alpha stable nightly v1 v2 v3 generated gen out dist target obj bin sbin \
    share man doc info usr opt etc var home local cache_dir downloads \
    desktop documents pictures music videos projects work notes todo ideas \
    drafts personal photos invoices taxes recipes travel school thesis
    """.split(separator: " ").map(String.init)

  /// Shapes of source trees: the extensions of one language and the names of
  /// the files such a tree always has. A directory keeps its parent's
  /// language most of the time, as real trees do.
  struct Language {
    let extensions: [String]
    let specialFiles: [String]
  }

  static let languages: [Language] = [
    Language(extensions: ["c", "h", "c", "o"], specialFiles: ["Makefile", "main.c", "Kconfig", "CMakeLists.txt"]),
    Language(
      extensions: ["py", "py", "pyc", "pyi"],
      specialFiles: ["__init__.py", "setup.py", "conftest.py", "requirements.txt"]),
    Language(
      extensions: ["js", "ts", "tsx", "jsx", "map"],
      specialFiles: ["index.js", "package.json", "index.d.ts", ".eslintrc.json"]),
    Language(extensions: ["go", "go", "mod", "sum"], specialFiles: ["go.mod", "main.go", "doc.go"]),
    Language(extensions: ["rs", "rs", "toml"], specialFiles: ["mod.rs", "lib.rs", "Cargo.toml", "build.rs"]),
    Language(extensions: ["swift", "swift", "plist"], specialFiles: ["Package.swift", "main.swift", "Info.plist"]),
    Language(
      extensions: ["java", "kt", "class", "xml"], specialFiles: ["pom.xml", "build.gradle", "AndroidManifest.xml"]),
    Language(extensions: ["cpp", "hpp", "cc", "h"], specialFiles: ["CMakeLists.txt", "main.cpp", "BUILD"]),
    Language(extensions: ["rb", "erb", "rake"], specialFiles: ["Gemfile", "Rakefile", "config.ru"]),
    Language(
      extensions: ["html", "css", "scss", "svg", "png"], specialFiles: ["index.html", "favicon.ico", "robots.txt"]),
  ]

  /// Extensions found in any tree, whatever its language.
  static let commonExtensions = [
    "md", "json", "txt", "yaml", "yml", "sh", "png", "svg", "gz", "lock", "conf", "toml", "xml", "sql",
    "proto", "csv", "log", "jpg", "pdf", "bak",
  ]

  /// Files found in any tree, whatever its language.
  static let commonFiles = [
    "README.md", "LICENSE", ".gitignore", "CHANGELOG.md", "Dockerfile", "Makefile", ".editorconfig",
    "CONTRIBUTING.md", "AUTHORS", "NOTICE",
  ]

  /// First components of generated paths, most common first.
  static let roots = [
    "src", "lib", "home/user/projects", "tests", "vendor", "usr/share", "node_modules", "build", "docs",
    "packages", "tools", "include", "apps", "opt", "var/lib", "home/user/.cache",
  ]
}
