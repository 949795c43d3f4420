-- These SQL functions were declared IMMUTABLE, but what they call (jsonb_build_object,
-- json_build_object, to_char) is STABLE, and PostgreSQL inlines a function only when its body is
-- no more volatile than its declaration. So each booking's reservation_payload was parsed and
-- planned by the SQL-function executor at every call (5 % of PostgreSQL's CPU under bookings),
-- and every event read called event_envelope and utc_text the same way. Declared as what they
-- are, they are inlined into the statements that use them.
ALTER FUNCTION reservation_payload(reservations) STABLE;
ALTER FUNCTION utc_text(timestamptz) STABLE;
ALTER FUNCTION event_envelope(events) STABLE;
