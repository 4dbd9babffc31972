#!/bin/sh
# lifeline-run: runs a command and reports it to a Lifeline (or any Healthchecks-compatible) ping URL.
#
#   lifeline-run [options] <ping URL> -- <command> [args]
#
# Sends <URL>/start?rid=<uuid>, runs the command with stdin, stdout and stderr passed through, keeps
# the last Ping-Body-Limit bytes of its combined output (the limit the server announces in that
# response header; 102400 when it does not), then POSTs that tail to <URL>/<exit code>?rid=<uuid>.
# Exits with the command's exit code (128+signal when a signal ended it). SIGINT, SIGTERM and SIGHUP
# are forwarded to the command. A ping that fails is retried with backoff (a 429's Retry-After is
# honoured) within --ping-budget seconds, then given up with a warning on stderr: an unreachable
# server never fails the job and delays it by at most twice that budget.
#
# Needs only a POSIX sh and curl (also the usual mkfifo, tee, tail, od, date). This file is the same
# one that the Node form (lifeline-run.mjs beside it) is tested against.

LR_VERSION=1
timeout=0
grace=10
retries=3
budget=30
limit=102400
max_limit=10485760

usage() {
  cat >&2 <<'USAGE'
Usage: lifeline-run [options] <ping URL> -- <command> [args]

Options:
  --timeout <s>       kill the command after <s> seconds (SIGTERM, then SIGKILL after the grace)
                      and report a failure saying so (default: no timeout)
  --grace <s>         seconds between SIGTERM and SIGKILL on timeout (default 10)
  --retries <n>       retries of each ping after the first attempt (default 3)
  --ping-budget <s>   the most time one ping may take, retries and waits included (default 30)
  -h, --help          this text
USAGE
}

warn() { printf 'lifeline-run: %s\n' "$*" >&2; }
isnum() { case $1 in '' | *[!0-9]*) return 1 ;; esac; }

# A closed stdin is /dev/null: the next file opened would take its place otherwise.
(exec 9<&0) 2>/dev/null || exec </dev/null

url=
while [ $# -gt 0 ]; do
  case $1 in
    -h | --help) usage; exit 0 ;;
    --timeout | --grace | --retries | --ping-budget)
      if [ $# -lt 2 ] || ! isnum "$2"; then warn "$1 needs a whole number"; usage; exit 2; fi
      case $1 in
        --timeout) timeout=$2 ;;
        --grace) grace=$2 ;;
        --retries) retries=$2 ;;
        --ping-budget) budget=$2 ;;
      esac
      shift 2 ;;
    -*) warn "unknown option $1"; usage; exit 2 ;;
    *) url=$1; shift; break ;;
  esac
done
if [ -z "$url" ] || [ "${1-}" != "--" ] || [ $# -lt 2 ]; then usage; exit 2; fi
shift
[ "$budget" -ge 1 ] || budget=1

case $url in
  *\?*) base=${url%%\?*}; query=${url#*\?} ;;
  *) base=$url; query= ;;
esac
base=${base%/}

hex=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
rid=$(printf '%s\n' "$hex" | sed 's/^\(........\)\(....\).\(...\).\(...\)\(............\)$/\1-\2-4\3-a\4-\5/')

tmp=$(mktemp -d 2>/dev/null) || { tmp=${TMPDIR:-/tmp}/lifeline-run.$$; mkdir -m 700 "$tmp"; } || exit 2
trap 'rm -rf "$tmp"' EXIT

now() { date +%s; }

# The value of a header of the last answer (the last one when it came more than once).
header() {
  tr -d '\r' <"$tmp/headers" | awk -v n="$1" '{ i = index($0, ":"); if (i > 1 && tolower(substr($0, 1, i - 1)) == n) { v = substr($0, i + 1); sub(/^[ \t]+/, "", v); sub(/[ \t]+$/, "", v) } } END { print v }'
}

# ping <suffix> [body file]: 0 when the server took it; retried within the budget, else a warning.
ping() {
  sfx=$1
  body=${2-}
  target=$base/$sfx?${query:+$query&}rid=$rid
  started=$(now)
  attempt=0
  backoff=1
  while :; do
    left=$((budget - ($(now) - started)))
    [ "$left" -ge 1 ] || left=1
    maxtime=10
    [ "$left" -lt "$maxtime" ] && maxtime=$left
    : >"$tmp/headers"
    set -- -sS -o /dev/null -D "$tmp/headers" -w '%{http_code}' --connect-timeout "$maxtime" \
      --max-time "$maxtime" -A "lifeline-run/$LR_VERSION"
    if [ -n "$body" ]; then
      code=$(curl "$@" -H 'Content-Type: text/plain; charset=utf-8' -H 'Expect:' --data-binary "@$body" "$target" 2>"$tmp/err")
    else
      code=$(curl "$@" "$target" 2>"$tmp/err")
    fi
    case $code in 2??) return 0 ;; esac
    case $code in
      '' | 000) why=$(tr '\n' ' ' <"$tmp/err"); why=${why% } ;;
      *) why="HTTP $code" ;;
    esac
    case $code in
      '' | 000 | 408 | 429 | 5??) ;;
      *) warn "$sfx ping refused ($why); not retried"; return 1 ;;
    esac
    attempt=$((attempt + 1))
    if [ "$attempt" -gt "$retries" ]; then warn "$sfx ping failed ($why); gave up after $attempt attempts"; return 1; fi
    wait=$backoff
    if [ "$code" = 429 ]; then
      after=$(header retry-after)
      isnum "$after" && wait=$after
    fi
    if [ $(($(now) - started + wait)) -ge "$budget" ]; then
      warn "$sfx ping failed ($why); gave up within the ${budget} s ping budget"
      return 1
    fi
    sleep "$wait"
    backoff=$((backoff * 2))
  done
}

# after <seconds> <commands>: runs the commands later in the background, unless killed first.
after() {
  (
    trap 'kill "$s" 2>/dev/null; exit 0' TERM
    sleep "$1" &
    s=$!
    wait "$s"
    eval "$2"
  ) </dev/null >/dev/null 2>&1 &
}

if ping start; then
  announced=$(header ping-body-limit)
  if isnum "$announced" && [ "$announced" -gt 0 ]; then
    limit=$announced
    [ "$limit" -le "$max_limit" ] || limit=$max_limit
  fi
fi

# The command's output goes through two FIFOs to tee, which passes it on and appends it to one file.
# Readers ignore the signals a terminal sends to the whole group: the command decides how it ends.
mkfifo "$tmp/o" "$tmp/e" || exit 2
: >"$tmp/out"
(trap '' INT HUP TERM; exec tee -a "$tmp/out" <"$tmp/o") &
tee_out=$!
(trap '' INT HUP TERM; exec tee -a "$tmp/out" <"$tmp/e" >&2) &
tee_err=$!

# A background command starts with SIGINT and SIGQUIT ignored (POSIX); GNU env puts them back.
if env --default-signal=INT,QUIT true 2>/dev/null; then set -- env --default-signal=INT,QUIT "$@"; fi
got=
trap 'got=INT; kill -INT "$pid" 2>/dev/null' INT
trap 'got=TERM; kill -TERM "$pid" 2>/dev/null' TERM
trap 'got=HUP; kill -HUP "$pid" 2>/dev/null' HUP
# The command's stdin is the wrapper's (a background command's would be /dev/null), kept on fd 3.
exec 3<&0
"$@" <&3 3<&- >"$tmp/o" 2>"$tmp/e" &
pid=$!
exec 3<&-

if [ "$timeout" -gt 0 ]; then
  after "$timeout" ": >'$tmp/timedout'; kill -TERM $pid; sleep $grace & s=\$!; wait \$s; : >'$tmp/killed'; kill -KILL $pid"
  watcher=$!
fi

rc=
while :; do
  got=
  wait "$pid" 2>/dev/null
  r=$?
  if [ "$r" -eq 127 ] && [ -n "$rc" ]; then break; fi
  rc=$r
  if [ -z "$got" ] || [ "$r" -le 128 ]; then break; fi
done
[ -n "${watcher-}" ] && kill "$watcher" 2>/dev/null

# The output is read until the command's pipes close, or 2 s more when something it started keeps them.
after 2 "kill -KILL $tee_out $tee_err"
drain=$!
for t in "$tee_out" "$tee_err"; do
  while kill -0 "$t" 2>/dev/null; do wait "$t"; done
done
kill "$drain" 2>/dev/null

suffix=$rc
if [ -f "$tmp/timedout" ]; then
  msg="lifeline-run: timed out after $timeout s: sent SIGTERM"
  [ -f "$tmp/killed" ] && msg="$msg, then SIGKILL after $grace s"
  printf '%s\n' "$msg" >&2
  printf '%s\n' "$msg" >>"$tmp/out"
  [ "$rc" -eq 0 ] && suffix=fail
fi

# The tail starts on a character: UTF-8 continuation bytes (128-191) at its start are left out.
tail -c "$limit" "$tmp/out" >"$tmp/tail"
skip=0
for b in $(dd if="$tmp/tail" bs=1 count=3 2>/dev/null | od -An -tu1); do
  if [ "$b" -ge 128 ] && [ "$b" -lt 192 ]; then skip=$((skip + 1)); else break; fi
done
if [ "$skip" -gt 0 ]; then
  size=$(wc -c <"$tmp/tail")
  tail -c $((size - skip)) "$tmp/out" >"$tmp/tail"
fi

ping "$suffix" "$tmp/tail"
exit "$rc"
