// `npm run demo`: loads a small pt-BR community into the configured database (DATABASE_URL, or
// PGlite under DATA_DIR), migrating it first. Safe to run twice: the second run changes nothing.
import { openDb } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { loadDemoImages } from '../src/db/seed/demo-images.ts';
import { DEMO_EMAIL_DOMAIN, DEMO_LOGIN, loadDemo } from '../src/db/seed/demo.ts';
import { mediaStorageFor } from '../src/modules/media/media.storage.ts';
import { loadConfig } from '../src/env.ts';

const config = loadConfig();
const db = await openDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 2 });
try {
  await migrate(db);
  const result = await loadDemo(db);
  // Pictures drawn here (no downloads), for items still without one: a second run draws none.
  const pictures = await loadDemoImages(db, mediaStorageFor(config), DEMO_EMAIL_DOMAIN);
  const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite em ${config.DATA_DIR}`;
  if (result.loaded) {
    console.log(
      `Dados de demonstração carregados em ${where}: ${result.people} pessoas, ${result.collections} coleções ` +
        `(${result.private} privadas), ${result.items} itens, ${pictures} imagens.`,
    );
  } else {
    console.log(`Os dados de demonstração já estavam carregados em ${where}; nada foi alterado.`);
  }
  console.log(`Entre com: ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}`);
  console.log('Todas as pessoas de demonstração (@demo.acervo.app) usam a mesma senha.');
} finally {
  await db.close();
}
