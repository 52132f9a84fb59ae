// Every built screen and dialog at the desktop widths staff use; the tablet and phone widths run in
// every-screen-narrow.e2e.ts, in another worker. The widest and the narrowest also in the dark theme.
import { describeEveryScreenAt } from './support/every-screen';

describeEveryScreenAt([
  { width: 1440, height: 900 },
  { width: 1366, height: 768 },
  { width: 1440, height: 900, scheme: 'dark' },
]);
