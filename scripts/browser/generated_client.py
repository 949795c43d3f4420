"""Every answer that is not JSON, read through a client generated from swagger.yaml by
openapi-python-client, configured as clients/openapi-python-client.yaml says: the calendar, the
guest's page and its stylesheet and this contract come back as text, a couch's image as bytes.
"""

import importlib
import os
import subprocess
import sys
from uuid import UUID


def check_generated_client(base, couch, image, token, out, check):
    target = os.path.join(out, "smart_couch_api_client")
    subprocess.run([os.path.join(os.path.dirname(sys.executable), "openapi-python-client"), "generate", "--path", "swagger.yaml",
                    "--config", "clients/openapi-python-client.yaml", "--meta", "none", "--output-path", target, "--overwrite"],
                   check=True, capture_output=True)
    sys.path.insert(0, out)
    api = importlib.import_module("smart_couch_api_client")
    calendar = importlib.import_module("smart_couch_api_client.api.couches.couch_calendar")
    get_image = importlib.import_module("smart_couch_api_client.api.couches.get_image")
    contract = importlib.import_module("smart_couch_api_client.api.operations.contract")
    stylesheet = importlib.import_module("smart_couch_api_client.api.codes.stay_page_stylesheet")
    linked_stay = importlib.import_module("smart_couch_api_client.api.codes.linked_stay")
    client = api.Client(base_url=base, raise_on_unexpected_status=True)

    text = calendar.sync(UUID(couch), client=client)
    check(isinstance(text, str) and text.startswith("BEGIN:VCALENDAR"), "generated client: the calendar is text")
    picture = get_image.sync(UUID(image), client=client)
    check(picture.payload.read().startswith(b"\x89PNG"), "generated client: the image is bytes")
    check(contract.sync(client=client).startswith("openapi:"), "generated client: the contract is text")
    check(":root" in stylesheet.sync(client=client), "generated client: the page's stylesheet is text")
    stay = linked_stay.sync(token, client=client)
    check(stay.couch_name == "Shibuya studio" and stay.state.value == "inProgress", "generated client: a stay link's JSON")
