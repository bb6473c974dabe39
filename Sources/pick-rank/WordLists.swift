/// Word lists the generators draw from. Frequent words come first, because
/// `SeededGenerator.frequent(of:)` favours the front: that is what makes
/// names repeat across a tree (`config.go` in ten packages) the way they do in
/// real repositories, and repetition is what makes ranking hard.
enum WordLists {
  /// Nouns that name modules, files and functions in application code.
  static let nouns = [
    "config", "index", "utils", "main", "server", "client", "handler", "types", "errors", "api",
    "router", "model", "service", "store", "user", "auth", "cache", "session", "request",
    "response", "parser", "logger", "helpers", "context", "options", "command", "app", "db",
    "query", "schema", "event", "message", "worker", "queue", "token", "file", "path", "stream",
    "buffer", "format", "template", "view", "controller", "middleware", "plugin", "loader",
    "registry", "provider", "resolver", "adapter", "transport", "codec", "encoder", "decoder",
    "lexer", "scanner", "compiler", "runtime", "scheduler", "pool", "conn", "socket", "dialer",
    "listener", "proxy", "gateway", "health", "metrics", "trace", "span", "report", "export",
    "import", "sync", "backup", "restore", "migration", "seed", "fixture", "mock", "stub",
    "account", "profile", "settings", "permission", "role", "policy", "admin", "dashboard",
    "billing", "invoice", "payment", "order", "cart", "product", "catalog", "search", "filter",
    "sort", "page", "layout", "theme", "style", "color", "icon", "image", "upload", "download",
    "notification", "email", "sms", "webhook", "signal", "process", "exec", "shell", "terminal",
    "prompt", "input", "output", "reader", "writer", "walker", "watcher", "diff", "patch",
    "merge", "commit", "branch", "tag", "release", "version", "build", "deploy", "manifest",
    "bundle", "chunk", "asset", "font", "locale", "translation", "i18n", "clock", "timer",
    "retry", "backoff", "limiter", "breaker", "lock", "mutex", "semaphore", "channel", "pipe",
    "frame", "packet", "header", "footer", "sidebar", "menu", "modal", "dialog", "button",
    "form", "field", "table", "list", "item", "card", "badge", "tooltip", "avatar", "tabs",
    "graph", "node", "edge", "tree", "heap", "trie", "ring", "bitset", "bloom", "hash",
    "crypto", "cipher", "cert", "key", "signer", "verifier", "jwt", "oauth", "login", "logout",
    "signup", "password", "secret", "vault", "env", "flags", "cli", "repl", "daemon", "agent",
  ]

  /// Modifiers that form compound names (`http_server`, `UserProfile`).
  static let modifiers = [
    "http", "user", "base", "default", "local", "remote", "async", "file", "json", "yaml",
    "grpc", "web", "net", "mem", "disk", "fast", "simple", "legacy", "new", "internal", "public",
    "admin", "auth", "api", "test", "mock", "fake", "raw", "safe", "shared", "global", "tcp",
    "udp", "tls", "dns", "sql", "redis", "kafka", "s3", "event", "batch", "stream", "page",
    "order", "payment", "search", "sync", "retry", "rate", "cache", "config", "log", "debug",
  ]

  /// Package and directory names inside a service or library.
  static let packages = [
    "core", "util", "common", "internal", "api", "server", "client", "storage", "db", "auth",
    "config", "net", "http", "cmd", "model", "handlers", "middleware", "services", "store",
    "cache", "queue", "worker", "events", "metrics", "tracing", "logging", "crypto", "encoding",
    "parser", "compiler", "runtime", "scheduler", "transport", "proto", "schema", "migrations",
    "plugins", "adapters", "providers", "repository", "domain", "usecase", "controllers",
    "views", "routes", "validation", "notifications", "billing", "search", "indexer", "sync",
    "dev", "devices", "drivers", "fs", "io", "os", "term", "tty", "ui", "render", "layout",
  ]

  /// Service or application names in a monorepo.
  static let services = [
    "api-gateway", "auth-service", "billing", "payments", "user-service", "notification-worker",
    "search-indexer", "frontend", "web", "admin", "inventory", "orders", "shipping", "catalog",
    "analytics", "reporting", "mailer", "scheduler", "media", "checkout", "ledger", "identity",
  ]

  /// Names of vendored third-party packages (npm, Go modules, Python wheels).
  static let thirdParty = [
    "lodash", "react", "react-dom", "express", "axios", "moment", "chalk", "debug", "commander",
    "yargs", "webpack", "babel-core", "eslint", "prettier", "typescript", "jest", "mocha",
    "semver", "uuid", "qs", "body-parser", "cookie", "mime-types", "glob", "minimatch", "rimraf",
    "tslib", "rxjs", "zod", "dayjs", "classnames", "redux", "immer", "core-js", "regenerator",
    "postcss", "autoprefixer", "ws", "socket.io", "protobufjs", "long", "bn.js", "inherits",
    "readable-stream", "safe-buffer", "string_decoder", "util-deprecate", "source-map", "acorn",
    "esprima", "estraverse", "graceful-fs", "fs-extra", "js-yaml", "argparse", "color-convert",
    "ansi-styles", "supports-color", "has-flag", "escape-string-regexp", "strip-ansi", "ms",
  ]

  static let npmScopes = ["@babel", "@types", "@jest", "@emotion", "@mui", "@testing-library"]

  static let goModules = [
    "github.com/spf13/cobra", "github.com/spf13/pflag", "github.com/spf13/viper",
    "github.com/stretchr/testify", "github.com/sirupsen/logrus", "github.com/gorilla/mux",
    "github.com/pkg/errors", "github.com/golang/protobuf", "google.golang.org/grpc",
    "golang.org/x/net", "golang.org/x/sys", "golang.org/x/text", "golang.org/x/crypto",
    "github.com/prometheus/client_golang", "go.uber.org/zap", "github.com/google/uuid",
    "k8s.io/client-go", "k8s.io/apimachinery", "github.com/go-sql-driver/mysql",
    "github.com/lib/pq", "github.com/redis/go-redis", "gopkg.in/yaml.v3",
  ]

  static let pythonPackages = [
    "requests", "urllib3", "certifi", "idna", "charset_normalizer", "django", "flask",
    "werkzeug", "jinja2", "click", "sqlalchemy", "alembic", "pydantic", "pytest", "_pytest",
    "numpy", "pandas", "yaml", "attr", "six", "dateutil", "pytz", "boto3", "botocore",
  ]

  /// Topics for documentation pages.
  static let docTopics = [
    "getting-started", "installation", "configuration", "architecture", "deployment",
    "troubleshooting", "faq", "contributing", "api", "guides", "reference", "tutorials",
    "design", "adr", "runbooks", "security", "performance", "upgrading", "changelog",
  ]

  static let verbs = [
    "build", "deploy", "release", "install", "setup", "bootstrap", "migrate", "seed", "lint",
    "format", "test", "bench", "generate", "update", "check", "clean", "run", "publish", "sync",
  ]

  static let environments = ["dev", "staging", "prod", "qa", "local", "test", "canary"]

  static let namespaces = [
    "default", "staging", "prod", "dev", "monitoring", "kube-system", "ingress-nginx",
    "cert-manager", "payments", "data", "observability",
  ]

  static let hosts = [
    "bastion", "prod-db-01", "prod-db-02", "staging-web-01", "staging-web-02", "prod-web-01",
    "prod-web-03", "build-runner", "ci-agent-7", "jumpbox", "vpn-gw", "metrics-01",
    "kafka-broker-2", "redis-cache-01", "nas", "pi", "devbox", "gpu-node-4",
  ]

  static let domains = ["example.com", "internal.corp", "lan", "eu-west-1.compute.internal"]

  static let users = ["ubuntu", "admin", "deploy", "root", "ec2-user", "git", "alice", "ops"]

  static let images = [
    "ubuntu", "debian", "alpine", "postgres", "redis", "nginx", "node", "python", "golang",
    "busybox", "grafana/grafana", "prom/prometheus", "mysql", "rabbitmq", "elasticsearch",
  ]

  static let imageTags = ["latest", "22.04", "3.19", "16", "7", "1.25", "20-alpine", "3.12-slim"]

  static let branchWords = [
    "login", "signup", "payment", "refactor", "cache", "retry", "timeout", "typo", "deps",
    "upgrade", "ci", "flaky-test", "memory-leak", "dark-mode", "search", "export", "csv",
    "pagination", "rate-limit", "webhooks", "onboarding", "i18n", "docs", "perf", "metrics",
  ]

  static let commitMessages = [
    "fix typo", "wip", "address review comments", "bump deps", "add tests", "fix flaky test",
    "update readme", "refactor config loading", "handle nil pointer", "add retry with backoff",
    "remove dead code", "fix lint", "initial commit", "merge main", "tweak timeouts",
  ]

  static let makeTargets = [
    "test", "build", "lint", "clean", "install", "run", "docker", "release", "check", "fmt",
    "generate", "proto", "migrate", "bench", "coverage", "dev", "all", "deps",
  ]

  static let npmScripts = ["dev", "build", "test", "lint", "start", "typecheck", "storybook", "e2e"]
}
