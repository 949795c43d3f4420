-- wrk script of scripts/bench/booking: every request books a couch-night no other request asks
-- for, so none conflicts. Request k (numbered across wrk's threads) books couch k mod C for one
-- night, BOOKING_FIRST_NIGHT + floor(k / C) days, as guest k mod G; the pgbench side books the
-- same couch-nights by the same rule.
--   BOOKING_COUCHES  file of couch ids, one a line (C of them)
--   BOOKING_TOKENS   file of the guests' access tokens, one a line (G of them)
--   BOOKING_FIRST_NIGHT  seconds since the epoch of the first night (UTC midnight)
--   WRK_THREADS      wrk's -t, set by run_wrk in common.sh

local next_thread = 0
function setup(thread)
    thread:set("thread", next_thread)
    next_thread = next_thread + 1
end

local function lines(path)
    local all = {}
    for line in io.lines(path) do all[#all + 1] = line end
    return all
end

function init(args)
    couches = lines(os.getenv("BOOKING_COUCHES"))
    tokens = lines(os.getenv("BOOKING_TOKENS"))
    first_night = tonumber(os.getenv("BOOKING_FIRST_NIGHT"))
    threads = tonumber(os.getenv("WRK_THREADS"))
    sent = 0
end

function request()
    local k = sent * threads + thread
    sent = sent + 1
    local night = first_night + math.floor(k / #couches) * 86400
    local body = string.format('{"couchId":"%s","checkIn":"%s","checkOut":"%s","guests":1}',
        couches[k % #couches + 1], os.date("!%Y-%m-%d", night), os.date("!%Y-%m-%d", night + 86400))
    return wrk.format("POST", "/reservations",
        { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. tokens[k % #tokens + 1] }, body)
end
