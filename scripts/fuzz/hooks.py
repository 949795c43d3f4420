"""Schemathesis hooks for scripts/fuzz-contract.

PUT /home/hub/{couchId} and POST /couches/{id}/calendars make the server connect to the URL they
are given, and a webhook's URL (POST /webhooks, PATCH /webhooks/{id}) is resolved and later
delivered to, so a generated URL could send it anywhere (or wait on DNS for a made-up name). Every
string baseUrl or url is replaced, just before the request is sent, by one of a few loopback
URLs: the simulator, a port where nothing listens, and one the server must refuse. Other shapes
(numbers, null, no field) cannot make it connect and are sent as generated.
"""

import hashlib
import os

import schemathesis

LOOPBACK_HUBS = [os.environ["FUZZ_HUB_URL"], "http://127.0.0.1:9", "ftp://127.0.0.1/rest"]
LOOPBACK_WEBHOOKS = [os.environ["FUZZ_HUB_URL"] + "/_sim/webhook", "http://127.0.0.1:9/hook", "ftp://127.0.0.1/hook"]
LOOPBACK_CALENDARS = [os.environ["FUZZ_HUB_URL"] + "/_sim/calendars/fuzz.ics", "http://127.0.0.1:9/cal.ics", "ftp://127.0.0.1/cal.ics"]


def replace(body, field, choices):
    if isinstance(body, dict) and isinstance(body.get(field), str):
        generated = body[field]
        body[field] = choices[hashlib.sha256(generated.encode("utf-8", "surrogatepass")).digest()[0] % len(choices)]


@schemathesis.hook
def before_call(context, case, kwargs):
    method, path = case.method.upper(), case.path
    if method == "PUT" and path.startswith("/home/hub/"):
        replace(case.body, "baseUrl", LOOPBACK_HUBS)
    elif method == "POST" and path.endswith("/calendars"):
        replace(case.body, "url", LOOPBACK_CALENDARS)
    elif (method == "POST" and path == "/webhooks") or (method == "PATCH" and path.startswith("/webhooks/")):
        replace(case.body, "url", LOOPBACK_WEBHOOKS)
