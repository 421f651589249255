# awk -v count=N -f Scripts/lib/roster-csv.awk: a roster of N readers, all
# due at 00:00, reading tasks.plist, in 10 locales and their zones (the
# SIGKILL check and the roster benchmark).
BEGIN {
  split("fr_CA ar_EG ja_JP he_IL en_US de_DE ru_RU pt_BR hi_IN zh_CN", locales, " ")
  split("America/Toronto Africa/Cairo Asia/Tokyo Asia/Jerusalem America/Los_Angeles Europe/Berlin Europe/Moscow America/Sao_Paulo Asia/Kolkata Asia/Shanghai", zones, " ")
  print "id,list,at,locale,time-zone,mail-to"
  for (i = 0; i < count; i++) printf "r%05d,tasks.plist,00:00,%s,%s,r%d@example.org\n", i, locales[i % 10 + 1], zones[i % 10 + 1], i
}
