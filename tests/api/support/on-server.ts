/** Runs one statement on the server's own database (creating or dropping another), and answers its rows. */
export async function onServer<Row>(serverUrl: string, statement: string): Promise<Row[]> {
  const { Client } = await import('pg');
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return (await admin.query(statement)).rows as Row[];
  } finally {
    await admin.end();
  }
}
