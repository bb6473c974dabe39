# frozen_string_literal: true

# Loaded before each of fzf's test files by run-fzf-suite.sh (`ruby -r`).
# It changes how the suite runs and reports, never what a test asserts:
#
# - fzf's common.rb starts with `require 'bundler/setup'` for its Gemfile;
#   the suite needs nothing from it, and a Debian Ruby has minitest
#   installed system-wide, so the stub directory on -I makes it a no-op.
# - Each test (setup and body) gets a time limit, FZF_SUITE_TEST_LIMIT
#   seconds, so a test that hangs is reported as an error and the file goes
#   on. The limit is raised as an Exception that is not a StandardError or
#   an assertion, so the suite's own retry loops (`wait` rescues
#   Minitest::Assertion) cannot swallow it.
# - When `tmux.until` gives up, the screen it last saw is added to the
#   failure's message, so minitest's final report shows each failing test
#   with its screen.
# - common.rb writes bash's start-up file to the fixed /tmp/fzf.bash, with
#   the suite's own directory in it; two runs (or two files of one run
#   starting together) would overwrite each other's, and one file's tests
#   would run the other's `fzf`. Each process writes its own.
require 'timeout'

# The test ran longer than the runner allows.
class SuiteTimeLimit < Exception # rubocop:disable Lint/InheritException
end

SUITE_TEST_LIMIT = Float(ENV.fetch('FZF_SUITE_TEST_LIMIT', '120'))

require File.expand_path('lib/common.rb', ENV.fetch('FZF_SUITE_TEST_DIR'))

# Bounds the setup and body of each test; teardowns run unbounded after it,
# so the test's tmux window is still closed.
module SuiteTestLimit
  def capture_exceptions(&block)
    return super if @suite_limited

    @suite_limited = true
    super() do
      Timeout.timeout(SUITE_TEST_LIMIT, SuiteTimeLimit, "test took longer than #{SUITE_TEST_LIMIT} s") do
        block.call
      end
    end
  end
end
Minitest::Test.prepend(SuiteTestLimit)

# Adds the screen to the message of a failed `tmux.until`.
module SuiteScreenOnFailure
  def until(*args, **kwargs, &block)
    super
  rescue Minitest::Assertion => e
    screen = begin
      capture.join("\n")
    rescue StandardError
      '(no screen)'
    end
    raise e.class, "#{e.message}\n--- screen ---\n#{screen}\n--------------", e.backtrace
  end
end
Tmux.prepend(SuiteScreenOnFailure)

# A start-up file for bash per process, beside the suite; the same contents
# as common.rb's.
module SuiteOwnBashrc
  def bash
    @bash ||=
      begin
        bashrc = File.join(BASE, '.compat', "fzf-#{Process.pid}.bash")
        File.write(bashrc, ERB.new(TEMPLATE).result(binding))
        "bash --rcfile #{bashrc}"
      end
  end
end
Shell.singleton_class.prepend(SuiteOwnBashrc)

# The shell integration tests run bash, zsh, fish and nushell; a shell that
# is not installed would cost each of its tests a minute of retries, so its
# class runs no test (the log says so).
module SuiteInstalledShells
  PROGRAMS = { nushell: 'nu' }.freeze

  def runnable_methods
    methods = super
    return methods if methods.empty? || !method_defined?(:shell)

    program = PROGRAMS.fetch(allocate.shell) { |shell| shell.to_s }
    return methods if system("command -v #{program} > /dev/null 2>&1")

    puts "#{name}: #{program} is not installed; its #{methods.size} tests are not run"
    []
  end
end
Minitest::Test.singleton_class.prepend(SuiteInstalledShells)
