import { describe, expect, it } from 'vitest';
import { dataModelPass, migrationsOf, sqlScriptsPass } from './data-model.ts';
import { languagesPass } from './languages.ts';
import { sourcesFromMap } from './sources.ts';

const FILES: Record<string, string> = {
  'db/migrations/0001.sql':
    'CREATE TABLE IF NOT EXISTS "users" (\n  id uuid PRIMARY KEY,\n  email text NOT NULL, -- unique\n  price numeric(10, 2),\n  PRIMARY KEY (id),\n  CONSTRAINT x UNIQUE (email)\n);\n',
  'src/schema.ts':
    "export const books = pgTable('books', {\n  id: uuid('id').primaryKey(),\n  title: text('title').notNull(),\n  meta: jsonb('meta').$type<{ a: string }>(),\n});\n",
  'prisma/schema.prisma': 'model Loan {\n  id Int @id\n  bookId Int\n}\n',
  'src/user.entity.ts':
    "@Entity('users')\nexport class User {\n  @PrimaryGeneratedColumn() id!: number;\n  @Column({ length: 80 })\n  name!: string;\n}\n",
  'src/shapes.ts':
    'export const BookSchema = z.object({ id: z.string(), tags: z.array(z.string()) });\nexport const LoginFormSchema = z.object({ email: z.string() });\nexport interface Row { a: string }\n',
  'app/models.py':
    'class Author(models.Model):\n    name = models.CharField(max_length=80)\n    class Meta:\n        ordering = ["name"]\n\nclass Item(Base):\n    __tablename__ = "items"\n    id: Mapped[int] = mapped_column(primary_key=True)\n\nclass ItemOut(BaseModel):\n    id: int\n    title: str\n',
  'store/models.go':
    'type Order struct {\n\tgorm.Model\n\tTotal int `gorm:"not null"`\n}\n\ntype Plain struct {\n\tA int\n}\n',
  'src/cloc-languages.ts': 'interface Row { name: string }\nconst rows: Row[] = [];\n',
  'test/fixtures.sql': 'CREATE TABLE t (a int);\n',
  'db/old.sql':
    '-- CREATE TABLE retired (a int);\n/* CREATE TABLE gone (b int); */\nCREATE TABLE kept (c int);\n',
  'app/docs.py':
    'def f():\n    """Example::\n\n        class Sample(models.Model):\n            name = models.CharField()\n    """\n',
};

describe('data model pass', () => {
  const src = sourcesFromMap(FILES);
  const model = dataModelPass(src, languagesPass(src).files);
  const get = (name: string) => model.find((e) => e.name === name);

  it('ignores tables and models quoted in comments and docstrings', () => {
    expect(get('kept')).toMatchObject({ kind: 'sql-table', line: 3 });
    for (const n of ['retired', 'gone', 'Sample']) expect(get(n), n).toBeUndefined();
  });

  it('reads SQL tables with their columns, not their constraints', () => {
    expect(get('users')).toMatchObject({
      kind: 'sql-table',
      name: 'users',
      file: 'db/migrations/0001.sql',
      line: 1,
      fields: ['id', 'email', 'price'],
    });
  });

  it('reads ORM models of each kind with their fields', () => {
    expect(get('books')).toMatchObject({ kind: 'drizzle', line: 1, fields: ['id', 'title', 'meta'] });
    expect(get('Loan')).toMatchObject({ kind: 'prisma', fields: ['id', 'bookId'] });
    expect(get('User')).toMatchObject({ kind: 'typeorm', fields: ['id', 'name'] });
    expect(get('Author')).toMatchObject({ kind: 'django', fields: ['name'] });
    expect(get('Item')).toMatchObject({ kind: 'sqlalchemy', fields: ['id'] });
    expect(get('Order')).toMatchObject({ kind: 'gorm', fields: ['Total'] });
  });

  it('keeps entity-named zod and pydantic schemas, and leaves forms, plain interfaces and test data out', () => {
    expect(get('Book')).toMatchObject({ kind: 'zod', fields: ['id', 'tags'] });
    expect(get('ItemOut')).toMatchObject({ kind: 'pydantic', fields: ['id', 'title'] });
    expect(get('LoginForm')).toBeUndefined();
    expect(get('Row')).toBeUndefined();
    expect(get('Plain')).toBeUndefined();
    expect(get('t')).toBeUndefined();
  });
});

describe('tables and schemas, as the code means them', () => {
  const model = (files: Record<string, string>) => {
    const src = sourcesFromMap(files);
    return dataModelPass(src, languagesPass(src).files);
  };
  const byName = (files: Record<string, string>) => new Map(model(files).map((e) => [e.name, e]));

  it('a Django model is a table directly or through abstract bases; its ForeignKey is a relation, on_delete no field', () => {
    const m = byName({
      'shop/models.py':
        'from django.db import models\n\nclass Stamped(models.Model):\n    created = models.DateTimeField()\n    class Meta:\n        abstract = True\n\n' +
        'class Owned(Stamped):\n    class Meta:\n        abstract = True\n\n' +
        'class Order(Owned):\n    customer = models.ForeignKey(\n        "accounts.Customer",\n        on_delete=models.CASCADE,\n    )\n    tags = models.ManyToManyField(Tag)\n    total = models.IntegerField()\n    objects = OrderManager()\n',
    });
    expect(m.get('Stamped')).toBeUndefined();
    expect(m.get('Owned')).toBeUndefined();
    expect(m.get('Order')).toMatchObject({
      kind: 'django',
      store: 'table',
      // an abstract base's fields are columns of every table that inherits them
      fields: ['created', 'customer', 'tags', 'total'],
      columns: [
        { name: 'created', type: 'DateTimeField' },
        { name: 'customer', type: 'ForeignKey' },
        { name: 'tags', type: 'ManyToManyField' },
        { name: 'total', type: 'IntegerField' },
      ],
      relations: [
        { from: 'Order', to: 'Customer', kind: 'many-to-one', field: 'customer' },
        { from: 'Order', to: 'Tag', kind: 'many-to-many', field: 'tags' },
      ],
    });
  });

  it("a base the file imports from elsewhere is not the project's class of the same name", () => {
    const m = byName({
      'news/models.py':
        'from django.db import models\n\nclass Feed(models.Model):\n    title = models.CharField()\n',
      'news/feeds.py':
        'from django.contrib.syndication.views import Feed\nfrom .models import Feed as FeedModel\n\nclass LatestFeed(Feed):\n    title = "Latest"\n\nclass Mirror(FeedModel):\n    pass\n',
      'news/extra.py': 'from news.models import Feed\n\nclass Special(Feed):\n    pass\n',
    });
    expect(m.get('Feed')).toMatchObject({ kind: 'django', store: 'table' });
    expect(m.get('LatestFeed')).toBeUndefined();
    expect(m.get('Special')).toMatchObject({ kind: 'django', store: 'table' });
  });

  it('SQLAlchemy: __tablename__ or a declarative base makes a table; foreign keys name the mapped class', () => {
    const m = byName({
      'app/db.py':
        'Base = declarative_base()\n\nclass Timestamps:\n    created = Column(DateTime)\n\n' +
        'class User(Timestamps, Base):\n    __tablename__ = "users"\n    id = Column(Integer, primary_key=True)\n    posts = relationship("Post")\n\n' +
        'class Post(Base):\n    __tablename__ = "posts"\n    id: Mapped[int] = mapped_column(primary_key=True)\n    author_id = Column(Integer, ForeignKey("users.id"))\n    author = relationship("User")\n\n' +
        'class Abstract(Base):\n    __abstract__ = True\n',
    });
    expect(m.get('User')).toMatchObject({
      kind: 'sqlalchemy',
      store: 'table',
      table: 'users',
      fields: ['id'],
    });
    expect(m.get('User')!.relations).toEqual([
      { from: 'User', to: 'Post', kind: 'one-to-many', field: 'posts' },
    ]);
    expect(m.get('Post')).toMatchObject({
      columns: [
        { name: 'id', type: 'int' },
        { name: 'author_id', type: 'Integer' },
      ],
      relations: [{ from: 'Post', to: 'User', kind: 'many-to-one', field: 'author' }],
    });
    expect(m.get('Abstract')).toBeUndefined();
    expect(m.get('Timestamps')).toBeUndefined();
  });

  it('SQLModel with table=True is a table; without it, and pydantic models, are schemas', () => {
    const m = byName({
      'api/models.py':
        'class HeroBase(SQLModel):\n    name: str\n\nclass Hero(HeroBase, table=True):\n    id: int | None = Field(default=None, primary_key=True)\n    team_id: int | None = Field(default=None, foreign_key="team.id")\n\n' +
        'class Team(SQLModel, table=True):\n    id: int\n    heroes: list["Hero"] = Relationship(back_populates="team")\n\n' +
        'class HeroOut(BaseModel):\n    name: str\n',
    });
    // the table takes the columns of its base that is no table of its own
    expect(m.get('Hero')).toMatchObject({
      kind: 'sqlmodel',
      store: 'table',
      fields: ['name', 'id', 'team_id'],
    });
    expect(m.get('Hero')!.relations).toEqual([
      { from: 'Hero', to: 'Team', kind: 'many-to-one', field: 'team_id' },
    ]);
    expect(m.get('Team')!.relations).toEqual([
      { from: 'Team', to: 'Hero', kind: 'one-to-many', field: 'heroes' },
    ]);
    expect(m.get('HeroBase')).toMatchObject({ store: 'schema' });
    expect(m.get('HeroOut')).toMatchObject({ kind: 'pydantic', store: 'schema' });
  });

  it('JPA: an @Entity is a table with its @Table name, the fields of its @MappedSuperclass and its associations', () => {
    const m = byName({
      'src/main/java/model/BaseEntity.java':
        '@MappedSuperclass\npublic class BaseEntity {\n  @Id\n  @GeneratedValue(strategy = GenerationType.IDENTITY)\n  private Integer id;\n  public Integer getId() { return id; }\n}\n',
      'src/main/java/owner/Owner.java':
        '@Entity\n@Table(name = "owners")\npublic class Owner extends BaseEntity {\n  @Column\n  @Pattern(regexp = "\\\\d{10}")\n  private String telephone;\n  @OneToMany(cascade = CascadeType.ALL)\n  private final List<Pet> pets = new ArrayList<>();\n  @Transient\n  private String note;\n  public String getTelephone() { return this.telephone; }\n}\n',
    });
    expect(m.get('BaseEntity')).toBeUndefined();
    expect(m.get('Owner')).toMatchObject({
      kind: 'jpa',
      store: 'table',
      table: 'owners',
      fields: ['id', 'telephone'],
      relations: [{ from: 'Owner', to: 'Pet', kind: 'one-to-many', field: 'pets' }],
    });
  });

  it('SQL: column types, references (schema kept outside the default one) and row level security', () => {
    const m = byName({
      'supabase/migrations/001_init.sql':
        'create table users (\n  id uuid references auth.users not null primary key,\n  name text\n);\nalter table users enable row level security;\n' +
        'create table public.prices (\n  id text primary key,\n  user_id uuid,\n  amount numeric(10, 2),\n  foreign key (user_id) references public.users\n);\ncreate policy "read" on prices for select using (true);\ncreate table logs (line text);\n',
    });
    expect(m.get('users')).toMatchObject({
      rowLevelSecurity: true,
      columns: [
        { name: 'id', type: 'uuid' },
        { name: 'name', type: 'text' },
      ],
      // its key is the foreign key: one user row per auth user
      relations: [{ from: 'users', to: 'auth.users', kind: 'one-to-one', field: 'id' }],
    });
    expect(m.get('prices')).toMatchObject({
      rowLevelSecurity: true,
      fields: ['id', 'user_id', 'amount'],
      relations: [{ from: 'prices', to: 'users', kind: 'many-to-one', field: 'user_id' }],
    });
    expect(m.get('logs')!.rowLevelSecurity).toBeUndefined();
  });

  it('SQL: a foreign key that is also the table key or unique is one-to-one', () => {
    const m = byName({
      'db/schema.sql':
        'create table profiles (\n  user_id int,\n  bio text,\n  primary key (user_id),\n  foreign key (user_id) references users\n);\n' +
        'create table badges (\n  id int primary key,\n  owner int unique references users\n);\n' +
        'create table posts (\n  id int primary key,\n  author int references users\n);\n',
    });
    expect(m.get('profiles')!.relations).toEqual([
      { from: 'profiles', to: 'users', kind: 'one-to-one', field: 'user_id' },
    ]);
    expect(m.get('badges')!.relations).toEqual([
      { from: 'badges', to: 'users', kind: 'one-to-one', field: 'owner' },
    ]);
    expect(m.get('posts')!.relations).toEqual([
      { from: 'posts', to: 'users', kind: 'many-to-one', field: 'author' },
    ]);
  });

  it('names the database a SQL file is written for only from syntax that database alone accepts', () => {
    const dialect = (sql: string) => model({ 'db/schema.sql': sql })[0]!.dialect;
    expect(dialect('create table a (id serial, meta jsonb);')).toBe('PostgreSQL');
    expect(dialect('CREATE TABLE a (id INT AUTO_INCREMENT) engine=InnoDB;')).toBe('MySQL');
    expect(dialect('CREATE TABLE a (id INTEGER PRIMARY KEY AUTOINCREMENT);')).toBe('SQLite');
    expect(dialect('CREATE TABLE a (id INT GENERATED BY DEFAULT AS IDENTITY, name TEXT);')).toBeUndefined();
  });

  it('relations of Prisma, Drizzle, TypeORM, GORM and Diesel models', () => {
    const m = byName({
      'prisma/schema.prisma':
        'model Author {\n  id Int @id\n  books Book[]\n}\nmodel Book {\n  id Int @id\n  author Author @relation(fields: [authorId], references: [id])\n  authorId Int\n  @@map("books")\n}\n',
      'src/db.ts':
        "export const users = pgTable('users', { id: uuid('id') });\nexport const posts = pgTable('posts', {\n  id: uuid('id'),\n  userId: uuid('user_id').references(() => users.id),\n});\n" +
        "@Entity('photos')\nexport class Photo {\n  @PrimaryGeneratedColumn() id!: number;\n  @ManyToOne(() => User, (u) => u.photos)\n  user!: User;\n}\n",
      'store/models.go':
        'type Customer struct {\n\tgorm.Model\n\tName string\n\tOrders []Order\n}\n\ntype Order struct {\n\tgorm.Model\n\tCustomerID uint `gorm:"index"`\n}\n',
    });
    expect(m.get('Author')!.relations).toEqual([
      { from: 'Author', to: 'Book', kind: 'one-to-many', field: 'books' },
    ]);
    expect(m.get('Book')).toMatchObject({
      table: 'books',
      fields: ['id', 'authorId'],
      relations: [{ from: 'Book', to: 'Author', kind: 'many-to-one', field: 'author' }],
    });
    expect(m.get('posts')).toMatchObject({ kind: 'drizzle' });
    expect(
      model({
        'src/db.ts':
          "const users = pgTable('users', {});\nconst posts = pgTable('posts', { userId: uuid('user_id').references(() => users.id) });\n",
      })[1]!.relations,
    ).toEqual([{ from: 'posts', to: 'users', kind: 'many-to-one', field: 'userId' }]);
    expect(m.get('Photo')).toMatchObject({
      table: 'photos',
      relations: [{ from: 'Photo', to: 'User', kind: 'many-to-one', field: 'user' }],
    });
    expect(m.get('Customer')).toMatchObject({
      fields: ['Name'],
      relations: [{ from: 'Customer', to: 'Order', kind: 'one-to-many', field: 'Orders' }],
    });
    const diesel = model({
      'src/schema.rs':
        'diesel::table! {\n    users (id) {\n        id -> Int4,\n    }\n}\n\ntable! {\n    posts (id) {\n        id -> Int4,\n        user_id -> Int4,\n    }\n}\n\njoinable!(posts -> users (user_id));\n',
    });
    expect(diesel.map((e) => [e.kind, e.name, e.fields])).toEqual([
      ['diesel', 'users', ['id']],
      ['diesel', 'posts', ['id', 'user_id']],
    ]);
    expect(diesel[1]!.relations).toEqual([
      { from: 'posts', to: 'users', kind: 'many-to-one', field: 'user_id' },
    ]);
  });
});

describe('migrations', () => {
  it('counts migration files per tool, never package markers or the tool’s own plumbing', () => {
    expect(
      migrationsOf([
        'hc/api/migrations/__init__.py',
        'hc/api/migrations/0001_initial.py',
        'hc/api/migrations/0002_auto.py',
        'alembic/env.py',
        'alembic/script.py.mako',
        'alembic/versions/3f2a_add_users.py',
        'alembic/versions/__init__.py',
        'db/migrations/20230530_init.sql',
        'src/main/resources/db/migration/V2__add_pets.sql',
        'prisma/migrations/20240101_init/migration.sql',
        'db/migrate/20240101000000_create_users.rb',
        'src/migrations/1700000000-AddUser.ts',
        'src/migrations/index.ts',
        'schema.sql',
        'app/versions/tools.py',
      ]),
    ).toEqual([
      { path: 'hc/api/migrations/0001_initial.py', tool: 'Django' },
      { path: 'hc/api/migrations/0002_auto.py', tool: 'Django' },
      { path: 'alembic/versions/3f2a_add_users.py', tool: 'Alembic' },
      { path: 'db/migrations/20230530_init.sql', tool: 'SQL' },
      { path: 'src/main/resources/db/migration/V2__add_pets.sql', tool: 'SQL' },
      { path: 'prisma/migrations/20240101_init/migration.sql', tool: 'Prisma' },
      { path: 'db/migrate/20240101000000_create_users.rb', tool: 'Rails' },
      { path: 'src/migrations/1700000000-AddUser.ts', tool: 'JavaScript' },
    ]);
  });
});

describe('SQL scripts that declare no table', () => {
  it('tells seed data and database setup apart from a schema by what most statements do', () => {
    const src = sourcesFromMap({
      'db/schema.sql': 'CREATE TABLE IF NOT EXISTS owners (id INT);\nINSERT INTO owners VALUES (1);\n',
      'db/data.sql':
        "-- sample rows\nINSERT INTO owners VALUES (1, 'a;b');\nINSERT INTO owners VALUES (2);\nUPDATE owners SET id = 3;\n",
      'db/user.sql':
        "CREATE DATABASE IF NOT EXISTS shop;\nALTER DATABASE shop DEFAULT CHARACTER SET utf8;\nCREATE USER IF NOT EXISTS 'shop'@'%' IDENTIFIED BY 'shop';\nGRANT ALL PRIVILEGES ON shop.* TO 'shop'@'%';\nFLUSH PRIVILEGES;\n",
      'db/views.sql': 'CREATE VIEW v AS SELECT 1;\nCREATE INDEX i ON owners (id);\n',
    });
    expect(sqlScriptsPass(src, languagesPass(src).files)).toEqual([
      { path: 'db/data.sql', holds: 'data' },
      { path: 'db/user.sql', holds: 'setup' },
    ]);
  });
});

describe('tables the code creates and drops', () => {
  const tables = (files: Record<string, string>) => {
    const src = sourcesFromMap(files);
    return dataModelPass(src, languagesPass(src).files)
      .filter((e) => e.kind === 'sql-table')
      .map((e) => `${e.name} ${e.file}:${e.line}`);
  };

  it('reads a CREATE TABLE the code runs from a string as a table of the schema', () => {
    expect(
      tables({
        'internal/database/migrations.go':
          'package database\n\nvar migrations = []func(tx *sql.Tx) error{\n\tfunc(tx *sql.Tx) error {\n\t\tsql := `\n\t\t\tCREATE TABLE users (\n\t\t\t\tid serial not null,\n\t\t\t\tusername text not null unique\n\t\t\t);\n\t\t\tCREATE TABLE feeds (id bigserial, user_id int references users(id))\n\t\t`\n\t\t_, err := tx.Exec(sql)\n\t\treturn err\n\t},\n}\n',
        'internal/model/q.go': 'package model\n\nconst q = "SELECT * FROM users WHERE id = $1"\n',
      }),
    ).toEqual(['users internal/database/migrations.go:6', 'feeds internal/database/migrations.go:10']);
  });

  it('gives a table the columns later migrations add, and takes away those they drop', () => {
    const src = sourcesFromMap({
      'db/001_init.sql': 'CREATE TABLE entries (id int, title text, hash text);\n',
      'db/002_star.sql':
        'ALTER TABLE entries ADD COLUMN starred bool default false;\nALTER TABLE entries ADD CONSTRAINT x UNIQUE (hash);\n',
      'db/003_drop.sql':
        'ALTER TABLE entries DROP COLUMN hash;\nALTER TABLE entries ADD COLUMN IF NOT EXISTS tags text[];\n',
    });
    const entries = dataModelPass(src, languagesPass(src).files).find((e) => e.name === 'entries')!;
    expect(entries.fields).toEqual(['id', 'title', 'starred', 'tags']);
  });

  it('leaves out a table a later migration drops, but not one a down migration drops', () => {
    expect(
      tables({
        'db/migrations/001_init.up.sql': 'CREATE TABLE a (id int);\nCREATE TABLE scratch (id int);\n',
        'db/migrations/001_init.down.sql': 'DROP TABLE a;\nDROP TABLE scratch;\n',
        'db/migrations/002_cleanup.up.sql': 'DROP TABLE IF EXISTS scratch;\nCREATE TABLE b (id int);\n',
        'store/migrate.go':
          'package store\n\nconst up = `CREATE TABLE c (id int)`\n\n// down undoes up\nconst down = `DROP TABLE c`\n',
      }),
    ).toEqual([
      'a db/migrations/001_init.up.sql:1',
      'b db/migrations/002_cleanup.up.sql:2',
      'c store/migrate.go:3',
    ]);
  });
});
