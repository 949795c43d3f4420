-- When a stay begins and ends: from the check-in date at the couch's check-in time to the
-- check-out date at its check-out time, on the couch's wall clock. Every rule that asks (device
-- access, deleting a couch, cancelling, rating a completed stay) uses this one definition; before
-- it, deleting a couch compared dates only and allowed it on check-out morning with the guest
-- still inside. A plain SQL function the planner inlines: no cost over writing it out.
CREATE FUNCTION stay_window(stay daterange, check_in_time time, check_out_time time, time_zone text)
RETURNS tstzrange
LANGUAGE sql STABLE STRICT PARALLEL SAFE
RETURN tstzrange((lower(stay) + check_in_time) AT TIME ZONE time_zone,
                 (upper(stay) + check_out_time) AT TIME ZONE time_zone, '[)');
