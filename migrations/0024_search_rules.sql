-- Whether a couch's stay rules take a stay that checks in on `check_in` for `nights` nights,
-- booked at `booked_at` on the couch's own clock: StayRules.violations, for search. A function
-- of its own (plpgsql, so never inlined) because the planner then counts the rules as one
-- condition of default selectivity; spelled out, their unknown selectivities multiply to "no
-- row", and search sorted every couch of a city instead of walking an index to a page's end.
CREATE FUNCTION couch_rules_take(c couches, check_in date, nights integer, booked_at timestamptz) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
DECLARE
    weekday integer := extract(isodow FROM check_in);
    today date := (booked_at AT TIME ZONE c.time_zone)::date;
BEGIN
    RETURN c.max_nights >= nights
        AND (CASE WHEN c.weekday_min_days @> ARRAY[weekday] THEN c.weekday_min_nights ELSE c.min_nights END) <= nights
        AND c.check_in_weekdays @> ARRAY[weekday]
        AND check_in >= today
        AND (c.booking_window_days IS NULL OR check_in <= today + c.booking_window_days)
        AND (c.advance_notice_hours = 0
             OR (check_in + c.check_in_time) AT TIME ZONE c.time_zone >= booked_at + c.advance_notice_hours * interval '1 hour');
END
$$;
