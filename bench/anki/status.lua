-- wrk script for bench/anki: counts responses by status class (wrk alone lumps
-- 4xx and 5xx together as "Non-2xx or 3xx") and prints latency percentiles.
--
-- With WRK_SPREAD_PAGES=N in the environment, each request asks for a random
-- page from 2 to N of the path (`page=` added to its query), so pages kept by
-- the server are almost never asked for again: the cost of making a page.
local threads = {}
local spread = tonumber(os.getenv("WRK_SPREAD_PAGES") or "")

if spread then
    function request()
        local separator = wrk.path:find("?", 1, true) and "&" or "?"
        return wrk.format(nil, wrk.path .. separator .. "page=" .. math.random(2, spread))
    end
end

function setup(thread)
    table.insert(threads, thread)
end

function init(args)
    s2, s3, s4, s5 = 0, 0, 0, 0
    math.randomseed(os.time() + tonumber(tostring({}):match("0x(%x+)") or "0", 16))
end

function response(status, headers, body)
    if status >= 500 then s5 = s5 + 1
    elseif status >= 400 then s4 = s4 + 1
    elseif status >= 300 then s3 = s3 + 1
    else s2 = s2 + 1 end
end

function done(summary, latency, requests)
    local c = {0, 0, 0, 0}
    for _, t in ipairs(threads) do
        c[1] = c[1] + t:get("s2"); c[2] = c[2] + t:get("s3")
        c[3] = c[3] + t:get("s4"); c[4] = c[4] + t:get("s5")
    end
    io.write(string.format("status_2xx=%d status_3xx=%d status_4xx=%d status_5xx=%d\n", c[1], c[2], c[3], c[4]))
    io.write(string.format("latency_p50_ms=%.2f latency_p99_ms=%.2f\n",
        latency:percentile(50) / 1000, latency:percentile(99) / 1000))
end
