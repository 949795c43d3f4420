"""Rewrites pg_dump's schema of the migrated database (stdin) as schema.sql (stdout): every
table with its sequences, constraints and indexes, every function and every trigger, grouped by
the feature it belongs to, so that one search finds the live body of, say, reservation_occupancy.

A table or function the maps below do not name stops the script: a migration that adds one says
here where it belongs."""

import re
import sys

FEATURES = ["Accounts", "Couches", "Booking", "Channels", "Home", "DoorCodes", "Automations", "Weather", "Events", "Platform"]

TABLES = {
    "users": "Accounts", "sessions": "Accounts", "login_failures": "Accounts",
    "couches": "Couches", "couch_images": "Couches", "couch_guides": "Couches", "ratings": "Couches",
    "reservations": "Booking", "occupancies": "Booking", "couch_price_ranges": "Booking",
    "conversations": "Booking", "messages": "Booking", "stay_presence": "Booking", "guest_stays": "Booking",
    "calendar_feeds": "Channels", "channel_events": "Channels", "calendar_revisions": "Channels",
    "hubs": "Home", "hub_things": "Home", "devices": "Home", "device_items": "Home",
    "access_grants": "Home", "access_log": "Home", "hub_cleanups": "Home",
    "door_codes": "DoorCodes", "stay_links": "DoorCodes",
    "scenes": "Automations", "scene_actions": "Automations", "triggers": "Automations",
    "automation_runs": "Automations", "presence_settings": "Automations",
    "presence_lights": "Automations", "presence_switches": "Automations",
    "weather_watchers": "Weather",
    "weather_readings": "Weather",
    "events": "Events", "event_sequence": "Events", "webhooks": "Events", "webhook_deliveries": "Events",
    "idempotency_keys": "Platform", "job_runs": "Platform", "schema_migrations": "Platform",
}

FUNCTIONS = {
    "couch_rules_take": "Booking", "couch_guests_at": "Booking", "reservation_occupancy": "Booking",
    "occupancies_freed": "Booking", "occupancy_turnover": "Booking", "place_turnover": "Booking",
    "replace_turnover": "Booking", "reservation_events": "Booking", "reservation_payload": "Booking",
    "message_events": "Booking", "stay_guest": "Booking", "stay_presence_events": "Booking",
    "stay_window": "Booking",
    "channel_event_gaps": "Channels", "channel_event_held": "Channels", "channel_event_missing": "Channels", "channel_event_placed": "Channels",
    "channel_event_revision": "Channels", "calendar_feed_events": "Channels", "emit_calendar_conflicts": "Channels",
    "keep_channel_nights": "Channels", "place_channel_nights": "Channels", "revise_calendar_event": "Channels",
    "reservation_revision": "Channels", "turnover_revision": "Channels",
    "access_log_events": "Home", "device_state_events": "Home", "hub_events": "Home",
    "door_code_events": "DoorCodes",
    "couch_builtin_scenes": "Automations", "automation_run_event": "Automations",
    "emit_event": "Events", "event_envelope": "Events", "sequence_events": "Events", "utc_text": "Events",
}

HEADER = """-- The database as the migrations in migrations/ leave it, by feature: each table with its
-- constraints and indexes, each function's live body, each trigger. Written by scripts/schema
-- (pg_dump of a freshly migrated database, regrouped); CI fails when it differs from the
-- migrations, so change a migration, never this file, and run scripts/schema.
--
-- For reading: the order is by feature, not by dependency, so it does not load as it stands.
"""

BLOCK = re.compile(r"^--\n-- Name: (?P<name>[^;]+); Type: (?P<type>[^;]+); Schema: [^;]+; Owner: -\n--\n", re.M)


def feature_of(kind, name, body):
    def table(table_name):
        if table_name not in TABLES:
            sys.exit(f"schema_sql/by_feature.py: the table {table_name} is in no feature; add it to TABLES")
        return TABLES[table_name]

    if kind in ("EXTENSION", "COMMENT"):
        return "Platform"
    if kind == "FUNCTION":
        function = name.split("(")[0]
        if function not in FUNCTIONS:
            sys.exit(f"schema_sql/by_feature.py: the function {function} is in no feature; add it to FUNCTIONS")
        return FUNCTIONS[function]
    if kind in ("TABLE", "VIEW"):
        return table(name)
    if kind in ("CONSTRAINT", "FK CONSTRAINT", "TRIGGER", "DEFAULT"):
        return table(name.split(" ")[0])
    match = re.search(r"\bpublic\.(\w+)", body)
    if kind in ("INDEX", "SEQUENCE") and match:
        owner = re.search(r"OWNED BY public\.(\w+)\.", body)
        return table((owner or match).group(1))
    sys.exit(f"schema_sql/by_feature.py: no feature for {kind} {name}")


def main():
    dump = sys.stdin.read()
    starts = [match for match in BLOCK.finditer(dump)]
    sections = {feature: {"tables": [], "functions": [], "triggers": []} for feature in FEATURES}
    for index, match in enumerate(starts):
        end = starts[index + 1].start() if index + 1 < len(starts) else len(dump)
        body = dump[match.end():end]
        # pg_dump's closing lines and its per-dump random \restrict key are no part of the schema.
        body = re.split(r"^--\n-- PostgreSQL database dump complete", body, flags=re.M)[0]
        body = "\n".join(line for line in body.splitlines() if not line.startswith("\\")).strip()
        kind, name = match.group("type"), match.group("name")
        part = "functions" if kind == "FUNCTION" else "triggers" if kind == "TRIGGER" else "tables"
        sections[feature_of(kind, name, body)][part].append(f"-- {kind}: {name}\n{body}\n")
    out = [HEADER]
    for feature in FEATURES:
        parts = sections[feature]
        if not any(parts.values()):
            continue
        out.append(f"\n-- {'=' * 96}\n-- {feature}\n-- {'=' * 96}\n")
        for part in ("tables", "functions", "triggers"):
            out.extend("\n" + block for block in parts[part])
    sys.stdout.write("".join(out))


main()
