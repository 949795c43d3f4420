"""Schemathesis hooks for scripts/fuzz-contract.

PUT /home/hub/{couchId} makes the server connect to the baseUrl it is given, so a generated URL
could send it anywhere. Every string baseUrl is replaced, just before the request is sent, by one
of a few loopback URLs: the simulated hub, a port where nothing listens, and one the server must
refuse. Other shapes (numbers, null, no field) cannot make it connect and are sent as generated.
"""

import hashlib
import os

import schemathesis

LOOPBACK_HUBS = [os.environ["FUZZ_HUB_URL"], "http://127.0.0.1:9", "ftp://127.0.0.1/rest"]


@schemathesis.hook
def before_call(context, case, kwargs):
    if case.method.upper() != "PUT" or not case.path.startswith("/home/hub/"):
        return
    if isinstance(case.body, dict) and isinstance(case.body.get("baseUrl"), str):
        generated = case.body["baseUrl"]
        choice = hashlib.sha256(generated.encode("utf-8", "surrogatepass")).digest()[0] % len(LOOPBACK_HUBS)
        case.body["baseUrl"] = LOOPBACK_HUBS[choice]
