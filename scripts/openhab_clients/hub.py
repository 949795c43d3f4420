"""What the check programs of scripts/openhab-clients share: raw HTTP to the hub, bounded waits, and a
line per check (PASS or FAIL with the reason), the program failing when any check did.

The hub's address and tokens come from the environment: HUB_URL, ADMIN_TOKEN, USER_TOKEN.
"""
import json
import os
import sys
import time
import traceback
import urllib.error
import urllib.request

HUB_URL = os.environ["HUB_URL"]
ADMIN_TOKEN = os.environ["ADMIN_TOKEN"]
USER_TOKEN = os.environ["USER_TOKEN"]
# Long enough for a loaded machine; a hub that does not answer in that time has failed.
REQUEST_TIMEOUT = 20


class Reply:
    def __init__(self, status, headers, body):
        self.status = status
        self.headers = headers
        self.body = body

    def json(self):
        return json.loads(self.body)


def request(method, path, body=None, content_type=None, headers=None, token=ADMIN_TOKEN):
    """One request, answered whatever its status; `token=None` sends no credentials."""
    all_headers = dict(headers or {})
    if token is not None:
        all_headers.setdefault("Authorization", f"Bearer {token}")
    if content_type:
        all_headers["Content-Type"] = content_type
    data = body.encode() if isinstance(body, str) else body
    call = urllib.request.Request(HUB_URL + path, data=data, method=method, headers=all_headers)
    try:
        with urllib.request.urlopen(call, timeout=REQUEST_TIMEOUT) as response:
            return Reply(response.status, response.headers, response.read().decode())
    except urllib.error.HTTPError as error:
        return Reply(error.code, error.headers, error.read().decode())


def state(item):
    return request("GET", f"/rest/items/{item}/state").body


def wait_until(what, condition, limit=60):
    """Waits for `condition` (work the hub or a client does in the background), failing after `limit` s."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.1)
    raise AssertionError(f"timed out after {limit} s waiting for {what}")


def expect(condition, message):
    if not condition:
        raise AssertionError(message)


class Checks:
    """Runs checks one after another: a check fails by raising (an assertion or the client's own error)."""

    def __init__(self):
        self.failed = 0

    def run(self, name, check):
        try:
            check()
        except Exception as error:  # noqa: BLE001 - any error of a client is a failed check
            self.failed += 1
            reason = str(error) or type(error).__name__
            print(f"FAIL {name}: {reason}", flush=True)
            traceback.print_exc(file=sys.stderr)
        else:
            print(f"PASS {name}", flush=True)

    def finish(self):
        sys.exit(1 if self.failed else 0)
