// Table scores document by document (`npx tsx scripts/eval/tables-by-doc.ts [corpus]`): the
// ICDAR 2013 documents worst first and every tabula-java CSV, with the same scoring as
// `npm run eval`, to see which documents hold a summary number down.
import { DEFAULT_FEATURES } from "../../src/core/options";
import { scoreIcdar, scoreTabula, sumIcdar, sumTabula } from "./tables";

const corpus = process.argv[2] ?? "../shared/corpus";
const features = { ...DEFAULT_FEATURES };
const pct = (a: number, b: number) => (b ? ((100 * a) / b).toFixed(0).padStart(3) : "  -");
const { docs } = await scoreIcdar(corpus, features);
const f1 = (d: { correct: number; produced: number; expected: number }) => (d.produced + d.expected ? (2 * d.correct) / (d.produced + d.expected) : 1);
for (const d of [...docs].sort((a, b) => f1(a) - f1(b))) {
  console.log(`${(d.name ?? "").padEnd(14)} F1 ${pct(2 * d.correct, d.produced + d.expected)} P ${pct(d.correct, d.produced)} R ${pct(d.correct, d.expected)} tables ${d.tablesFound}/${d.tablesExpected} rel ${d.correct}/${d.produced}/${d.expected}`);
}
console.log(sumIcdar(docs));
const csv = await scoreTabula(corpus, features);
for (const s of csv) console.log(`${s.name.padEnd(66)} cells ${s.cellsMatched}/${s.cellsExpected} rel ${s.correct}/${s.produced}/${s.expected}`);
console.log(sumTabula(csv));
