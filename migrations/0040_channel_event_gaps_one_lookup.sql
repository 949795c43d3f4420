-- What an imported event lacks, with one look at its occupancies rather than two: the nights it
-- holds and the turnover placed after them are read together (an event's turnover follows its own
-- occupancy), and taken from its nights and turnover at once. Taking one set and then the other
-- leaves the same days. The console's glance asks this of every event in two months of every
-- couch; one subplan an event instead of two took a quarter off that statement.
CREATE OR REPLACE FUNCTION channel_event_gaps(event_couch uuid, event_feed uuid, event_uid text, event_stay daterange)
RETURNS TABLE (missing datemultirange)
LANGUAGE sql STABLE AS $$
    SELECT datemultirange(event_stay, daterange(upper(event_stay), upper(event_stay) + c.turnover_days))
           - coalesce((SELECT range_agg(held.stay)
                       FROM occupancies o LEFT JOIN occupancies t ON t.after_id = o.id
                            CROSS JOIN LATERAL (VALUES (o.stay), (t.stay)) held(stay)
                       WHERE o.feed_id = event_feed AND o.feed_uid = event_uid),
                      '{}'::datemultirange)
    FROM couches c WHERE c.id = event_couch
$$;
