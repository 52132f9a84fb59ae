// Every built screen and dialog at a tablet's and a phone's width; the desktop widths run in
// every-screen-wide.e2e.ts, in another worker. The phone also in the dark theme.
import { describeEveryScreenAt } from './support/every-screen';

describeEveryScreenAt([
  { width: 768, height: 1024 },
  { width: 390, height: 844 },
  { width: 390, height: 844, scheme: 'dark' },
]);
