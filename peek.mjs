import * as XLSX from '@e965/xlsx'
import { readFileSync } from 'node:fs'
const f = process.argv[2]
const wb = XLSX.read(readFileSync(f), { dense: true, cellStyles: false })
for (const n of wb.SheetNames) {
  const ws = wb.Sheets[n]
  const data = ws['!data'] || []
  let count = 0; for (const r of data) if (r) count++
  console.log('==', n, ws['!ref'], 'rows', count, 'hidden', wb.Workbook?.Sheets?.find(s=>s.name===n)?.Hidden)
  let shown = 0
  for (let i = 0; i < data.length && shown < +(process.argv[3]||6); i++) { const r = data[i]; if (!r) continue; shown++; console.log(i+1, JSON.stringify(r.map(c => c ? String(c.v).slice(0,50) : null)).slice(0,300)) }
}
