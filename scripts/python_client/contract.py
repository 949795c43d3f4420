"""Checks answers against swagger.yaml: every response the generated client receives (through an
httpx response hook, so no call can skip it) and every event, with jsonschema's Draft 2020-12
validator, `$ref`s resolved inside the contract and formats (uuid, date, date-time) checked."""
import json
import re

import jsonschema
import referencing
import yaml

URI = "urn:smartcouch:contract"


class ContractViolation(AssertionError):
    pass


class Contract:
    def __init__(self, path):
        with open(path) as file:
            self.document = yaml.safe_load(file)
        resource = referencing.Resource.from_contents(self.document, default_specification=referencing.jsonschema.DRAFT202012)
        self.registry = referencing.Registry().with_resource(URI, resource)
        self.routes = []
        for template, item in self.document["paths"].items():
            pattern = re.sub(r"\\\{[^/]+?\\\}", "[^/]+", re.escape(template))
            literal = sum(1 for part in template.split("/") if part and not part.startswith("{"))
            self.routes.append((re.compile(f"^{pattern}$"), literal, template))
        # A literal segment beats a parameter: /reservations/user/{userId} before /reservations/{couchId}.
        self.routes.sort(key=lambda route: -route[1])
        self.checked = 0

    def validate(self, instance, pointer, what):
        """Validates `instance` against the schema at JSON pointer `pointer` of the contract."""
        validator = jsonschema.Draft202012Validator(
            {"$ref": f"{URI}#{pointer}"}, registry=self.registry, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)
        errors = sorted(validator.iter_errors(instance), key=lambda error: list(error.absolute_path))
        if errors:
            details = "\n".join(f"  at /{'/'.join(map(str, error.absolute_path))}: {error.message}" for error in errors[:10])
            raise ContractViolation(f"{what} does not match {pointer}:\n{details}\n  body: {json.dumps(instance)[:2000]}")
        self.checked += 1

    def event(self, event):
        self.validate(event, "/components/schemas/Event", f"event {event.get('type')} {event.get('id')}")

    def response(self, method, path, status, content_type, body):
        """Checks one answer: its status is documented for the operation, and a JSON body matches
        the schema documented for that status and media type."""
        template = next((template for regex, _, template in self.routes if regex.match(path)), None)
        what = f"{method} {path} → {status}"
        if template is None:
            raise ContractViolation(f"{what}: no such path in the contract")
        operation = self.document["paths"][template].get(method.lower())
        if operation is None:
            raise ContractViolation(f"{what}: the contract has no {method} {template}")
        base = f"/paths/{escape(template)}/{method.lower()}/responses"
        key = next((key for key in (str(status), f"{status // 100}XX", "default") if key in operation["responses"]), None)
        if key is None:
            raise ContractViolation(f"{what}: status {status} is not documented for {method} {template}")
        pointer, answer = self.resolve(f"{base}/{escape(key)}", operation["responses"][key])
        media = content_type.split(";")[0].strip().lower()
        content = answer.get("content") or {}
        if not content:
            if body:
                raise ContractViolation(f"{what}: the contract documents no body, but one came ({media})")
            return
        if media not in content:
            raise ContractViolation(f"{what}: Content-Type {media!r} is none of {sorted(content)}")
        if media == "application/json" or media.endswith("+json"):
            self.validate(json.loads(body), f"{pointer}/content/{escape(media)}/schema", what)
        else:
            self.checked += 1

    def resolve(self, pointer, node):
        """Follows a response's `$ref` (to components/responses) to where it is defined."""
        while "$ref" in node:
            pointer = node["$ref"].removeprefix("#")
            node = self.document
            for part in pointer.strip("/").split("/"):
                node = node[part.replace("~1", "/").replace("~0", "~")]
        return pointer, node

    def hook(self, response):
        """An httpx response hook: reads the answer and checks it before the client parses it."""
        response.read()
        request = response.request
        self.response(request.method, request.url.path, response.status_code, response.headers.get("content-type", ""), response.content)


def escape(token):
    return token.replace("~", "~0").replace("/", "~1")
