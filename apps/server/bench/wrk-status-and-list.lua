-- wrk script: alternates GET /api/status/{RID} and GET /api/reports with a bearer TOKEN (both from the environment).
local i = 0
request = function()
  i = i + 1
  local path
  if i % 2 == 0 then path = "/api/reports?page=1&per_page=10" else path = "/api/status/" .. os.getenv("RID") end
  return wrk.format("GET", path, { ["authorization"] = "Bearer " .. os.getenv("TOKEN") })
end
