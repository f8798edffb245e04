# A research sketch, not part of the build: reproduces the [D] efficacies of AGRONOMY.md §4b from
# the S15 trial data (emdelponte/paper-soybeanrust-fungicide, MIT) exported to sev.csv / yld.csv, as
# docs/research/catalogue-sources.md §1 describes. Issue 11 ports it to `npm run data:efficacy`.
import csv, statistics as st, collections
def load(f,v):
    return [dict(trial=r['trial'],val=float(r[v]),ai=r['active_ingredient'],year=int(r['year']),spray=r['spray']) for r in csv.DictReader(open(f)) if r['trial']]
sev=load('/tmp/cr/sev.csv','severity'); yld=load('/tmp/cr/yld.csv','yield')
print('sev rows',len(sev),'trials',len({r['trial'] for r in sev}),'yld rows',len(yld),'trials',len({r['trial'] for r in yld}))
print('AIs',collections.Counter(r['ai'] for r in sev))
print('years',sorted(collections.Counter(r['year'] for r in sev).items()))
print('spray',collections.Counter((r['ai']=='check',r['spray']) for r in sev))
for name,data,fn in [('sev',sev,lambda v,c:100*(1-v/c)),('yld',yld,lambda v,c:v-c)]:
  # check per trial (and spray?)
  chk={}
  for r in data:
    if r['ai']=='check': chk.setdefault(r['trial'],[]).append(r['val'])
  multi={k:v for k,v in chk.items() if len(v)>1}
  print(name,'trials with >1 check',len(multi))
  out=collections.defaultdict(list)
  for r in data:
    if r['ai']!='check' and r['year']==2014 and r['trial'] in chk:
      out[r['ai']].append(fn(r['val'],chk[r['trial']][0]))
  for ai,v in sorted(out.items()): print(name,ai,len(v),round(st.median(v),1))
