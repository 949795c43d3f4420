"""What the Python benchmarks share: release binaries, free ports, waiting for a server, JSON
calls over http.client, stopping what they started, and the rows of scripts/bench/all's table."""
import http.client, json, os, signal, socket, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def release_bin_dir():
    """Builds in release mode (unless scripts/bench/all has) and returns where the binaries are."""
    if not os.environ.get("BENCH_PREPARED"):
        subprocess.run(["swift", "build", "-c", "release"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    return subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout.strip()


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(port, path, timeout=120):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            c.request("GET", path)
            if c.getresponse().status < 500:
                return
        except OSError:
            pass
        time.sleep(0.1)
    sys.exit(f"nothing answered on port {port}{path}")


def call(conn, method, path, body=None, token=None, content_type="application/json"):
    """JSON in (or text, with another content type), JSON out; exits on a status of 300 or more."""
    headers = {}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    if body is not None:
        headers["Content-Type"] = content_type
        body = body if isinstance(body, str) else json.dumps(body)
    conn.request(method, path, body=body, headers=headers)
    response = conn.getresponse()
    data = response.read()
    if response.status >= 300:
        sys.exit(f"{method} {path} answered {response.status}: {data[:300]!r}")
    return json.loads(data) if data and response.getheader("Content-Type", "").startswith("application/json") else None


def stop(processes):
    for process in reversed(processes):
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()


def record(metric, value, unit):
    """Prints a figure and, for scripts/bench/all's table, appends it to $BENCH_RESULTS as
    common.sh's record does."""
    print(f"{metric:<55} {value:>12} {unit}")
    if os.environ.get("BENCH_RESULTS"):
        with open(os.environ["BENCH_RESULTS"], "a") as results:
            results.write(f"{metric}\t{value}\t{unit}\n")
