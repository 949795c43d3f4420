-- wrk script of scripts/bench/console: GETs one console page as the signed-in host, as a browser
-- does (the session cookie, Accept: text/html), rotating over the page's paths: request k
-- (numbered across wrk's threads) asks for path k mod N. It counts the answers that are not 200,
-- which wrk's own count (400 and up) would miss: a 303 to the sign-in page is not the page; and
-- says which statuses they were.
--   CONSOLE_PATHS   file of the page's paths, one a line (N of them)
--   CONSOLE_COOKIE  the Cookie header: console=<the session's token>
--   WRK_THREADS     wrk's -t, set by run_wrk in common.sh

local threads = {}
function setup(thread)
    thread:set("thread", #threads)
    threads[#threads + 1] = thread
end

function init(args)
    paths = {}
    for line in io.lines(os.getenv("CONSOLE_PATHS")) do paths[#paths + 1] = line end
    headers = { ["Cookie"] = os.getenv("CONSOLE_COOKIE"), ["Accept"] = "text/html" }
    thread_count = tonumber(os.getenv("WRK_THREADS"))
    sent = 0
    not_ok = 0
    statuses = ""
end

function request()
    local k = sent * thread_count + thread
    sent = sent + 1
    return wrk.format("GET", paths[k % #paths + 1], headers)
end

function response(status, headers, body)
    if status ~= 200 then
        not_ok = not_ok + 1
        -- The first few, as they came: threads hand over strings, not tables.
        if not_ok <= 20 then statuses = statuses .. " " .. status end
    end
end

function done(summary, latency, requests)
    local total, seen = 0, {}
    for _, thread in ipairs(threads) do
        total = total + thread:get("not_ok")
        for status in string.gmatch(thread:get("statuses"), "%d+") do seen[status] = (seen[status] or 0) + 1 end
    end
    local listed = {}
    for status, count in pairs(seen) do listed[#listed + 1] = status .. " x" .. count end
    table.sort(listed)
    io.write(string.format("Not 200 responses: %d%s\n", total,
        #listed > 0 and " (of the first 20 a thread: " .. table.concat(listed, ", ") .. ")" or ""))
end
