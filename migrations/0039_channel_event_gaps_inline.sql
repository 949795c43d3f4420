-- What an imported event lacks, as a query the planner folds into the statement asking it: the
-- console's glance over a host's couches, a month's calendar and a feed's counts ask it of
-- hundreds of events at once, and a function call an event (0037) cost about 20 µs each; joined as
-- `CROSS JOIN LATERAL channel_event_gaps(...)` its two sums become subplans of that statement,
-- a fifth of the cost. The one rule lives here; channel_event_missing, for callers asking of one
-- event, reads it from this.
CREATE FUNCTION channel_event_gaps(event_couch uuid, event_feed uuid, event_uid text, event_stay daterange)
RETURNS TABLE (missing datemultirange)
LANGUAGE sql STABLE AS $$
    SELECT datemultirange(event_stay, daterange(upper(event_stay), upper(event_stay) + c.turnover_days))
           - coalesce((SELECT range_agg(o.stay) FROM occupancies o WHERE o.feed_id = event_feed AND o.feed_uid = event_uid),
                      '{}'::datemultirange)
           - coalesce((SELECT range_agg(t.stay) FROM occupancies t JOIN occupancies o ON o.id = t.after_id
                       WHERE o.feed_id = event_feed AND o.feed_uid = event_uid), '{}'::datemultirange)
    FROM couches c WHERE c.id = event_couch
$$;

CREATE OR REPLACE FUNCTION channel_event_missing(event_couch uuid, event_feed uuid, event_uid text, event_stay daterange) RETURNS datemultirange
LANGUAGE plpgsql STABLE AS $$
BEGIN
    RETURN (SELECT g.missing FROM channel_event_gaps(event_couch, event_feed, event_uid, event_stay) g);
END
$$;
