"""The host's side of GET /events: a thread that reads the server-sent events, reconnecting with
Last-Event-ID when the stream ends (it does when the access token it was opened with expires).
Raw HTTP: the generated client reads a text/event-stream answer whole, and this one never ends."""
import json
import threading
import time

import httpx


class EventStream:
    def __init__(self, base_url, token, contract):
        """`token` is a function answering a valid access token; `contract` checks the answer."""
        self.base_url, self.token, self.contract = base_url, token, contract
        self.events = []
        self.last_id = None
        self.ready = threading.Event()
        self.failure = None
        # Frames whose `id:`/`event:` lines disagree with the JSON they carry.
        self.mismatches = []
        self._changed = threading.Condition()
        self._stopping = False
        self._client = httpx.Client(timeout=httpx.Timeout(30, read=60))
        self._thread = threading.Thread(target=self._run, name="events", daemon=True)

    def start(self, bound=60):
        """Opens the stream and waits for the server's `: ready`, after which every commit is heard."""
        self._thread.start()
        if not self.ready.wait(bound):
            raise AssertionError(f"the event stream did not say it was ready within {bound} s: {self.failure}")

    def stop(self):
        self._stopping = True
        self._client.close()
        self._thread.join(10)

    def wait_for(self, what, condition, bound=120):
        """Waits (at most `bound` seconds; the bound is for a machine that has hung, not a pace)
        until `condition(events)` holds, and answers the events."""
        deadline = time.monotonic() + bound
        with self._changed:
            while not condition(self.events):
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"no {what} within {bound} s; heard {[event['type'] for event in self.events]}"
                                         f"; the stream's last failure: {self.failure}")
                self._changed.wait(min(left, 1))
            return list(self.events)

    def _run(self):
        while not self._stopping:
            try:
                self._read()
            except Exception as error:  # the stream ended: reconnect, unless stopping
                self.failure = repr(error)
            if not self._stopping:
                time.sleep(1)

    def _read(self):
        headers = {"Authorization": f"Bearer {self.token()}", "Accept": "text/event-stream"}
        if self.last_id:
            headers["Last-Event-ID"] = self.last_id
        with self._client.stream("GET", self.base_url + "/events", headers=headers) as response:
            if response.status_code != 200:
                response.read()
                self.contract.hook(response)
                raise ConnectionError(f"GET /events answered {response.status_code}: {response.text[:300]}")
            # The stream's body never ends: only its status and media type can be checked.
            self.contract.response("GET", "/events", 200, response.headers.get("content-type", ""), b"")
            fields = {}
            for line in response.iter_lines():
                if line == ": ready":
                    self.ready.set()
                elif line == "":
                    if "data" in fields:
                        self._received(fields)
                    fields = {}
                elif not line.startswith(":"):
                    name, _, value = line.partition(":")
                    value = value.removeprefix(" ")
                    fields[name] = fields[name] + "\n" + value if name == "data" and name in fields else value

    def _received(self, fields):
        event = json.loads(fields["data"])
        if fields.get("id") != event.get("id") or fields.get("event") != event.get("type"):
            self.mismatches.append(f"id: {fields.get('id')} event: {fields.get('event')} data: {fields['data']}")
        with self._changed:
            self.events.append(event)
            self.last_id = event["id"]
            self._changed.notify_all()
