/** /account/import (issue 27): bring a Letterboxd, Goodreads or spreadsheet history. */
export const imports = {
  pageTitle: 'Importar',
  title: 'Importar do Letterboxd, do Goodreads ou de uma planilha',
  subtitle:
    'Envie o ZIP da exportação do Letterboxd (ou um dos seus CSVs), o goodreads_library_export.csv ou um CSV com as colunas name, rating, description, collection.',
  fileLabel: 'Arquivo para importar',
  categoryLabel: 'Categoria (para uma planilha sem a coluna category)',
  categoryFromFile: 'A do arquivo',
  reading: 'Lendo o arquivo…',
  previewTitle: 'O que será criado',
  previewItems_one: '{{count}} item',
  previewItems_other: '{{count}} itens',
  previewRated_one: '{{count}} com nota',
  previewRated_other: '{{count}} com nota',
  skipped_one: '{{count}} linha será ignorada (sem nome ou com nota inválida).',
  skipped_other: '{{count}} linhas serão ignoradas (sem nome ou com nota inválida).',
  visibilityLegend: 'Quem pode ver as novas coleções',
  private: 'Só eu (privadas)',
  public: 'Todos (públicas)',
  start: 'Importar',
  queued: 'Na fila…',
  running: 'Importando…',
  progress: '{{done}} de {{total}} itens',
  done: 'Importação concluída: {{created}} itens novos, {{present}} já estavam no seu Acervo.',
  failed: 'A importação falhou e nada foi importado.',
  seeProfile: 'Ver meu perfil',
  tooLarge: 'O arquivo é grande demais para uma importação.',
  inProgress: 'Você já tem uma importação em andamento. Espere ela terminar.',
  tooMany: 'Você atingiu o limite diário de importações. Tente novamente amanhã.',
  error: 'Não foi possível ler o arquivo. Tente novamente.',
  /** Why a file cannot be imported, by the API's `params.reason`. */
  invalid: {
    unreadable: 'O arquivo {{file}} não pôde ser lido: verifique as aspas e as vírgulas.',
    unreadableAt: 'O arquivo {{file}} não pôde ser lido na linha {{line}}: verifique as aspas e as vírgulas.',
    too_many_rows:
      'O arquivo tem mais de {{max}} linhas, o máximo de uma importação. Divida-o em partes menores.',
    empty: 'O arquivo {{file}} está vazio.',
    list_header:
      'O arquivo {{file}} não tem a linha de títulos “Position,Name,Year,URL,Description” da lista.',
    no_export_files:
      'Nenhum arquivo da exportação do Letterboxd foi encontrado (diary.csv, ratings.csv, watched.csv, watchlist.csv, reviews.csv, likes/films.csv ou lists/).',
    category_needed:
      'Escolha a categoria das coleções ou inclua no arquivo uma coluna “category” com o nome de uma categoria.',
    zip_too_large: 'O ZIP descompactado é grande demais.',
    zip_corrupt: 'O arquivo ZIP está corrompido e não pôde ser aberto.',
    unknown_columns:
      'A linha 1 de {{file}} não tem os títulos de colunas de uma exportação do Letterboxd ou do Goodreads, nem “name, rating, description, collection”.',
  },
};
