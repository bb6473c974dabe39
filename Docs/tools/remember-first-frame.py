#!/usr/bin/env python3
"""Time from start to pick's first full frame, and pick's peak memory.

    remember-first-frame.py PICK N remember   # `seq N | pick -m --remember k`,
                                             # k holding a select-all of seq N
    remember-first-frame.py PICK N none       # `seq N | pick -m`

pick runs on a fresh 80x24 pseudo-terminal; the first full frame is the
first output that shows `N of N` (every item selected) or, without a
remembered choice, `N/N`. Peak memory is the largest VmHWM of pick seen while
waiting. Esc ends pick afterwards. Used for Docs/Performance.md, "A
remembered choice at start-up".
"""
import fcntl
import os
import pty
import re
import select
import signal
import struct
import sys
import tempfile
import termios
import time


def peak_kib(parent):
    """The largest VmHWM of `parent` and its children (pick runs in a pipeline)."""
    best = 0
    for entry in os.listdir('/proc'):
        if not entry.isdigit():
            continue
        try:
            status = open('/proc/%s/status' % entry).read()
        except OSError:
            continue
        if entry != str(parent) and not re.search(r'PPid:\s+%d\n' % parent, status):
            continue
        found = re.search(r'VmHWM:\s+(\d+)', status)
        if found:
            best = max(best, int(found.group(1)))
    return best


def main():
    pick, count, mode = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    state = tempfile.mkdtemp(prefix='pick-first-frame-')
    os.makedirs(state + '/pick')
    if mode == 'remember':
        with open(state + '/pick/k', 'wb') as choice:
            choice.write(b'pick-remember 1\n' + b''.join(b'%d\0' % n for n in range(1, count + 1)))
        arguments, target = ['-m', '--remember', 'k'], b'%d of %d' % (count, count)
    else:
        arguments, target = ['-m'], b'%d/%d' % (count, count)
    pid, master = pty.fork()
    if pid == 0:
        os.environ['XDG_STATE_HOME'] = state
        os.environ['TERM'] = 'xterm-256color'
        os.execv('/bin/sh', ['sh', '-c', 'seq %d | exec "$0" "$@"' % count, pick] + arguments)
    fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack('HHHH', 24, 80, 0, 0))
    start = time.monotonic()
    output, peak, elapsed = b'', 0, None
    while time.monotonic() - start < 300:
        readable = select.select([master], [], [], 0.05)[0]
        peak = max(peak, peak_kib(pid))
        if not readable:
            continue
        try:
            data = os.read(master, 1 << 16)
        except OSError:
            break
        if not data:
            break
        output = output[-1000:] + data
        if target in output:
            elapsed = time.monotonic() - start
            break
    peak = max(peak, peak_kib(pid))
    os.write(master, b'\x1b')
    for _ in range(100):
        if select.select([master], [], [], 0.05)[0]:
            try:
                os.read(master, 1 << 16)
            except OSError:
                pass
        if os.waitpid(pid, os.WNOHANG)[0] == pid:
            break
    else:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    os.system("rm -rf '%s'" % state)
    shown = 'never' if elapsed is None else '%.2f s' % elapsed
    print('%s, %d items: first full frame %s, peak RSS %.0f MiB' % (mode, count, shown, peak / 1024))


main()
