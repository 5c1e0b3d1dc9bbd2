/**
 * Where the service's answers are read, and which answer each read comes from.
 *
 * An abstract interpretation of the code (Cousot & Cousot, 1977): the code runs over abstract
 * values instead of real ones, every branch the code does not decide at once. An answer enters as
 * an `AnswerPart` where its request is made (`api.request({ method, path })`, named by its method
 * and path), and the interpreter carries it through everything the code does with it: variables,
 * destructuring, casts, type guards, spreads, callbacks, the functions it is handed to, what they
 * return or yield, the objects, arrays and maps that hold it.
 *
 * A function runs apart for each kind of call it gets, told by what its arguments hold (the
 * answers, texts and functions, DEPTH levels into objects, and which of the module's tables they
 * are): context sensitivity by argument values, as the Cartesian Product Algorithm does by their
 * types (Agesen, 1995). So a helper that reads the answers of several operations reads each apart,
 * and a list's `recordsKey`, Simplify's fields or the trigger's `timeField` are known where they
 * are read. A variable that holds one of several entries of a table (the node's operations, the
 * trigger's events) runs the rest of its function once per entry. Runs are redone when what they
 * read grows, until nothing grows (a chaotic iteration to the least fixed point).
 *
 * What it records:
 * - every read of a field of an answer: by name, by a computed name whose value it knows, a
 *   destructured one, an `in` check; whatever the static type of the expression (`as any`, a cast
 *   to a named type or a type guard change nothing: the value is followed, not its type);
 * - every scan of an answer's fields (`Object.keys/values/entries`, `for … in`, a name it cannot
 *   tell): the parts a scan finds are followed as parts of the answer (`*`);
 * - an answer handed to code it cannot follow (a library function that may read it), or kept
 *   where it cannot follow it (a property of what n8n handed in);
 * - a request whose method or path it cannot tell, and a read on an expression typed
 *   `ServiceRecord` that no answer ever reached (the answer's way there was lost).
 */
import path from 'node:path';

import ts from 'typescript';

/** A part of an answer: the request it answers (`GET /api/v2/trends/{}`; `*` for any) and where in it. `[]` steps into a list, `*` into a part found by scanning. */
interface AnswerPart {
	kind: 'answer';
	request: string;
	path: readonly string[];
	/** Held where the code types it a list: it has elements, no fields. */
	list?: boolean;
}
/** A field name found by scanning an answer. */
interface ScannedName {
	kind: 'name';
	of: AnswerPart;
}
interface Versioned {
	version: number;
}
/** An object or array the code builds: `copies` are the values whose fields it holds (spreads), a Map's values are its `items`. */
interface Container extends Versioned {
	kind: 'object' | 'array';
	id: string;
	props: Map<string, Vals>;
	lazy: Map<string, () => Vals>;
	items: Vals;
	tuple?: Vals[];
	copies: Vals;
	entriesOf: Vals;
	isMap?: boolean;
}
interface Fn {
	kind: 'function';
	node: ts.FunctionLikeDeclaration | ts.ClassLikeDeclaration;
	scope: Scope;
	self: Vals;
	key: string;
}
type Value =
	| AnswerPart
	| ScannedName
	/** A text the code holds; `built` when a template made it. */
	| { kind: 'text'; text: string; built?: boolean }
	| { kind: 'bool'; value: boolean }
	/** What comes from outside: n8n's arguments and parameters, a library's results. */
	| { kind: 'unknown' }
	/** `undefined` or `null`. (No value at all is what no run reaches.) */
	| { kind: 'undefined' }
	| Container | Fn | { kind: 'module'; symbol: ts.Symbol };
type Vals = Map<string, Value>;

export interface Read {
	request: string;
	path: readonly string[];
	at: string;
	/** The named functions around it, innermost first. */
	places: string[];
	how: string;
}
export interface Finding {
	at: string;
	/** The named functions around it, innermost first. */
	places: string[];
	kind: 'scan' | 'handedAway' | 'lost';
	what: string;
	/** The requests whose answers it concerns. */
	requests: Set<string>;
}

interface Variable extends Versioned {
	vals: Vals;
}
interface Scope {
	id: string;
	vars: Map<ts.Symbol, Variable>;
	parent?: Scope;
}
/** One run of a function for one kind of call, or of a module-level initializer: redone when a dependency grows. */
interface State extends Versioned {
	key: string;
	run: () => Vals;
	args: Vals[];
	self: Vals;
	result: Vals;
	deps: Map<Versioned, number>;
	dirty: boolean;
	running: boolean;
}
/** A function's or a module binding's state before its first run. */
function freshState(key: string, run: () => Vals): State {
	return { key, run, args: [], self: none(), result: none(), deps: new Map(), version: 0, dirty: true, running: false };
}
interface Activation {
	id: string;
	self: Vals;
	pins: Map<ts.Node, Value>;
	result: Vals;
	yields: Vals;
}
interface Cx {
	act: Activation;
	scope: Scope;
}

class Fork {
	constructor(
		readonly act: Activation,
		readonly at: ts.Node,
		readonly options: Value[],
	) {}
}

/** How deep into objects the values that tell calls apart are looked for. */
const DEPTH = 3;
/** Entries of a table followed apart at most. */
const MAX_FORKS = 120;
/** Paths deeper than this are parts found somewhere (`*`): no answer the nodes read is that deep. */
const MAX_PATH = 6;
const ARRAY_METHODS = new Set([
	'map', 'flatMap', 'forEach', 'filter', 'find', 'findLast', 'findIndex', 'some', 'every', 'reduce', 'sort', 'toSorted', 'slice', 'concat', 'reverse',
	'at', 'pop', 'shift', 'push', 'unshift', 'fill', 'includes', 'indexOf', 'join', 'entries', 'values', 'keys', 'length', 'splice',
]);
/** Library functions an answer may be handed to: they convert it, output it or test it, and read no field by name. */
const PASS_THROUGH = new Set([
	'String', 'Number', 'Boolean', 'Array.isArray', 'Number.isFinite', 'Number.isInteger', 'Number.isNaN', 'isNaN',
	'isFinite', 'parseInt', 'parseFloat', 'encodeURIComponent', 'Date.parse', 'returnJsonArray', 'constructExecutionMetaData', 'update', 'digest',
]);

const none = (): Vals => new Map();
const unknown = (): Vals => new Map([['u', { kind: 'unknown' }]]);
const nothing = (): Vals => new Map([['v', { kind: 'undefined' }]]);
const one = (value: Value): Vals => new Map([[keyOf(value), value]]);
function keyOf(value: Value): string {
	switch (value.kind) {
		case 'answer':
			return `a:${value.request}:${value.path.join('.')}${value.list ? ':list' : ''}`;
		case 'text':
			return `t:${value.text}`;
		case 'bool':
			return `b:${value.value}`;
		case 'unknown':
			return 'u';
		case 'undefined':
			return 'v';
		case 'name':
			return `n:${keyOf(value.of)}`;
		case 'object':
		case 'array':
			return value.id;
		case 'function':
			return value.key;
		case 'module':
			return `m:${value.symbol.name}`;
	}
}
function merge(...all: Vals[]): Vals {
	const out = none();
	for (const vals of all) for (const [key, value] of vals) out.set(key, value);
	return out;
}
/** Adds `source` to `target`; true when it grew. */
function grow(target: Vals, source: Vals): boolean {
	let grew = false;
	for (const [key, value] of source) if (!target.has(key)) (target.set(key, value), (grew = true));
	return grew;
}
const answersIn = (vals: Vals) => [...vals.values()].filter((value): value is AnswerPart => value.kind === 'answer');
const texts = (vals: Vals) => [...vals.values()].flatMap((value) => (value.kind === 'text' ? [value.text] : []));
/** The part `name` of a part: a field; `[]` a list's element (a list of lists is one list); `*` a part found by scanning, above which nothing is known. */
function step(part: AnswerPart, name: string): AnswerPart {
	const last = part.path[part.path.length - 1];
	let at: readonly string[];
	if (name === '*' || part.path.length >= MAX_PATH) at = ['*'];
	else if (name === '[]' && (last === '[]' || last === '*')) at = part.path;
	else at = [...part.path, name];
	return { kind: 'answer', request: part.request, path: at };
}

export class AnswerReads {
	readonly reads = new Map<string, Read>();
	readonly findings = new Map<string, Finding>();
	private readonly checker: ts.TypeChecker;
	private readonly heap = new Map<string, Container>();
	private readonly states = new Map<string, State>();
	private readonly scopes = new Map<string, Scope>();
	private readonly moduleStates = new Map<ts.VariableDeclaration, State>();
	private readonly moduleBindings = new Map<ts.Node, Vals>();
	private readonly created = new Map<string, Fn>();
	private readonly invoked = new Set<string>();
	private readonly entered = new Set<ts.Node>();
	private readonly answeredSites = new Set<ts.Node>();
	private readonly requestSites = new Map<ts.Node, boolean>();
	private readonly held = new Map<string, { version: number; keys: string[] }>();
	private readonly ids = new Map<string, string>();
	private readonly cache = new Map<ts.Node, Map<string, unknown>>();
	private readonly names = new Map<ts.SourceFile, string>();
	private readonly depth = new Map<ts.Node, number>();
	private readonly moduleScope: Scope = { id: 'module', vars: new Map() };
	private readonly moduleAct: Activation = { id: 'module', self: none(), pins: new Map(), result: none(), yields: none() };
	private pending: Fn[] = [];
	private current?: State;

	constructor(
		private readonly program: ts.Program,
		private readonly root: string,
		private readonly isOurs: (file: string) => boolean,
	) {
		this.checker = program.getTypeChecker();
	}

	run(): this {
		const files = this.program.getSourceFiles().filter((source) => this.isOurs(this.relative(source)));
		const cx: Cx = { act: this.moduleAct, scope: this.moduleScope };
		for (const source of files) {
			for (const statement of source.statements) {
				if (ts.isClassDeclaration(statement)) this.instantiate(statement, [], statement, cx);
				else if (ts.isExpressionStatement(statement)) this.ev(statement.expression, cx);
			}
		}
		for (;;) {
			this.settle();
			// What n8n calls: the functions made that nothing here called, then the top-level functions nothing reached.
			const made = this.pending.filter((fn) => !this.invoked.has(fn.key) && !ts.isClassLike(fn.node));
			this.pending = [];
			if (made.length) {
				for (const fn of made) this.fromOutside(fn);
				continue;
			}
			const unreached = files.flatMap((source) => source.statements.filter((statement): statement is ts.FunctionDeclaration => ts.isFunctionDeclaration(statement) && !!statement.body && !this.entered.has(statement)));
			if (!unreached.length) break;
			for (const statement of unreached) this.fromOutside(this.fn(statement, this.moduleScope, none()));
		}
		for (const source of files) this.lostReads(source);
		for (const [site, told] of this.requestSites) if (!told) this.finding(site, 'lost', `cannot tell the method and path of ${site.getText().slice(0, 80)}`);
		return this;
	}

	/** A call from outside the code (n8n's): every argument, and `this` unless bound, unknown. */
	private fromOutside(fn: Fn): void {
		const parameters = ts.isClassLike(fn.node) ? [] : fn.node.parameters.filter((parameter) => parameter.name.getText() !== 'this');
		// A function expression's `this` is its caller's; a method's, the object it was made for.
		this.call(fn, parameters.map(() => unknown()), fn.self.size && !ts.isFunctionExpression(fn.node) ? fn.self : unknown());
	}

	/** Redoes every run whose dependencies grew, until none did. */
	private settle(): void {
		for (let again = true; again; ) {
			again = false;
			for (const state of [...this.states.values(), ...this.moduleStates.values()]) {
				if (!state.running && (state.dirty || this.changed(state))) {
					this.redo(state);
					again = true;
				}
			}
		}
	}

	private changed(state: State): boolean {
		for (const [dep, version] of state.deps) if (dep.version !== version) return true;
		return false;
	}

	private depend(on: Versioned): void {
		if (this.current && !this.current.deps.has(on)) this.current.deps.set(on, on.version);
	}

	private redo(state: State): void {
		const outer = this.current;
		this.current = state;
		state.running = true;
		state.dirty = false;
		state.deps.clear();
		try {
			if (grow(state.result, state.run())) state.version++;
		} finally {
			state.running = false;
			this.current = outer;
		}
	}

	// Functions and calls

	private fn(node: Fn['node'], scope: Scope, self: Vals): Fn {
		const key = `f:${this.site(node)}@${scope.id}:${[...self.keys()].sort().join(',')}`;
		const found = this.created.get(key);
		if (found) return grow(found.self, self), found;
		const made: Fn = { kind: 'function', node, scope, self: merge(self), key };
		this.created.set(key, made);
		this.pending.push(made);
		return made;
	}

	private intern(text: string): string {
		let id = this.ids.get(text);
		if (!id) this.ids.set(text, (id = `#${this.ids.size}`));
		return id;
	}

	/**
	 * What tells calls apart: the answers, texts and functions their values hold, DEPTH levels into
	 * objects and arrays, and which of the module-level objects (tables, definitions) they are.
	 */
	private signature(vals: Vals, depth = DEPTH): string {
		const found = new Set<string>();
		for (const value of vals.values()) for (const key of this.holds(value, depth)) found.add(key);
		return [...found].sort().join(',');
	}
	/** The keys a value holds, `depth` levels into objects and arrays (kept per version of the container). */
	private holds(value: Value, depth: number): string[] {
		if (value.kind !== 'object' && value.kind !== 'array') return [keyOf(value)];
		const cacheKey = `${value.id}|${depth}`;
		const cached = this.held.get(cacheKey);
		if (cached && cached.version === value.version) return cached.keys;
		const found = new Set<string>();
		if (value.id.endsWith('@module')) found.add(value.id);
		this.held.set(cacheKey, { version: value.version, keys: [] });
		if (depth > 0) {
			for (const inner of [value.items, value.copies, ...value.props.values(), ...(value.tuple ?? [])]) {
				for (const each of inner.values()) for (const key of this.holds(each, depth - 1)) found.add(key);
			}
		}
		const keys = [...found];
		this.held.set(cacheKey, { version: value.version, keys });
		return keys;
	}

	/** Runs `fn` for the calls its signature does not tell apart, with their arguments joined. */
	private call(fn: Fn, args: Vals[], self: Vals, pins = new Map<ts.Node, Value>()): Vals {
		if (ts.isClassLike(fn.node)) return none();
		const own = ts.isArrowFunction(fn.node) ? fn.self : self;
		const pinKey = [...pins].map(([node, value]) => `${node.pos}=${this.signature(one(value))}`).join(',');
		const key = this.intern(`${fn.key}(${args.map((vals) => this.signature(vals)).join('|')})${this.signature(own, 1)}[${pinKey}]`);
		this.invoked.add(fn.key);
		this.entered.add(fn.node);
		let state = this.states.get(key);
		if (!state) {
			const made: State = freshState(key, () => this.runFunction(fn, made, pins));
			this.states.set(key, (state = made));
		}
		args.forEach((vals, index) => {
			if (grow((state!.args[index] ??= none()), vals)) state!.dirty = true;
		});
		if (grow(state.self, own)) state.dirty = true;
		if (!state.running && (state.dirty || this.changed(state))) {
			// A function calling itself with new arguments is followed two levels deep; the rest waits for the next round.
			const depth = this.depth.get(fn.node) ?? 0;
			if (depth < 2) {
				this.depth.set(fn.node, depth + 1);
				try {
					this.redo(state);
				} finally {
					this.depth.set(fn.node, depth);
				}
			}
		}
		this.depend(state);
		return state.result;
	}

	private runFunction(fn: Fn, state: State, pins: Map<ts.Node, Value>): Vals {
		const node = fn.node as ts.FunctionLikeDeclaration;
		let scope = this.scopes.get(state.key);
		if (!scope) this.scopes.set(state.key, (scope = { id: state.key, vars: new Map(), parent: fn.scope }));
		const act: Activation = { id: state.key, self: state.self, pins, result: none(), yields: none() };
		const cx: Cx = { act, scope };
		try {
			// A `this` parameter is no argument.
			const parameters = node.parameters.filter((parameter) => parameter.name.getText() !== 'this');
			parameters.forEach((parameter, index) => {
				const given = parameter.dotDotDotToken ? one(this.array(parameter, cx, merge(...state.args.slice(index)))) : (state.args[index] ?? nothing());
				const missing = !given.size || given.has('v');
				this.bind(parameter.name, parameter.initializer && missing ? merge(given, this.ev(parameter.initializer, cx)) : given, cx, false);
			});
			if (!node.body) return none();
			if (!ts.isBlock(node.body)) grow(act.result, this.ev(node.body, cx));
			else if (this.block(node.body.statements, cx)) grow(act.result, nothing());
		} catch (error) {
			if (!(error instanceof Fork) || error.act !== act) throw error;
			return merge(...error.options.map((option) => this.call(fn, state.args, state.self, new Map([...pins, [error.at, option]]))));
		}
		return node.asteriskToken ? one(this.array(node, cx, act.yields)) : act.result;
	}

	private instantiate(node: ts.ClassLikeDeclaration, args: Vals[], site: ts.Node, cx: Cx): Vals {
		const object = this.object(site, cx);
		const self = one(object);
		const inner: Cx = { act: { ...cx.act, self }, scope: this.moduleScope };
		for (const member of node.members) {
			const name = member.name && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name)) ? member.name.text : undefined;
			if (name && ts.isMethodDeclaration(member) && member.body) this.put(object, name, one(this.fn(member, this.moduleScope, self)));
			const initializer = ts.isPropertyDeclaration(member) ? member.initializer : undefined;
			if (name && initializer && !object.props.has(name)) object.lazy.set(name, () => this.ev(initializer, inner));
			if (ts.isConstructorDeclaration(member) && member.body) {
				member.parameters.forEach((parameter, index) => {
					if (ts.isIdentifier(parameter.name) && ts.getModifiers(parameter)?.length) this.put(object, parameter.name.text, args[index] ?? none());
				});
				this.call(this.fn(member, this.moduleScope, self), args, self);
			}
		}
		return self;
	}

	// Names

	private once<T>(node: ts.Node, tag: string, get: () => T): T {
		let byTag = this.cache.get(node);
		if (!byTag) this.cache.set(node, (byTag = new Map()));
		if (!byTag.has(tag)) byTag.set(tag, get());
		return byTag.get(tag) as T;
	}

	private symbolOf(node: ts.Node): ts.Symbol | undefined {
		return this.once(node, 'symbol', () => {
			const shorthand = ts.isShorthandPropertyAssignment(node.parent) && node.parent.name === node;
			const symbol = shorthand ? this.checker.getShorthandAssignmentValueSymbol(node.parent) : this.checker.getSymbolAtLocation(node);
			return symbol && symbol.flags & ts.SymbolFlags.Alias ? this.checker.getAliasedSymbol(symbol) : symbol;
		});
	}

	private lookup(node: ts.Identifier, cx: Cx): Vals {
		if (node.text === 'undefined') return nothing();
		const symbol = this.symbolOf(node);
		if (!symbol) return unknown();
		for (let scope: Scope | undefined = cx.scope; scope; scope = scope.parent) {
			const found = scope.vars.get(symbol);
			if (found) return this.depend(found), found.vals;
		}
		return this.symbolValue(symbol);
	}

	private symbolValue(symbol: ts.Symbol): Vals {
		const declaration = symbol.valueDeclaration;
		if (symbol.flags & (ts.SymbolFlags.ValueModule | ts.SymbolFlags.NamespaceModule) && !declaration?.getSourceFile().isDeclarationFile) return one({ kind: 'module', symbol });
		if (!declaration || !this.isOurs(this.relative(declaration.getSourceFile()))) return unknown();
		if (ts.isFunctionDeclaration(declaration) && declaration.body) return one(this.fn(declaration, this.moduleScope, none()));
		if (ts.isClassDeclaration(declaration)) return one(this.fn(declaration, this.moduleScope, none()));
		const holder = ts.isBindingElement(declaration) ? ts.findAncestor(declaration, ts.isVariableDeclaration) : declaration;
		if (holder && ts.isVariableDeclaration(holder) && ts.isSourceFile(holder.parent.parent.parent)) {
			const whole = this.moduleValue(holder);
			return holder === declaration ? whole : (this.moduleBindings.get(declaration) ?? none());
		}
		return unknown();
	}

	/** A module-level variable: its initializer, run once and again when what it read grows. */
	private moduleValue(declaration: ts.VariableDeclaration): Vals {
		let state = this.moduleStates.get(declaration);
		if (!state) {
			const cx: Cx = { act: this.moduleAct, scope: this.moduleScope };
			const made: State = freshState(this.site(declaration), () => {
				const value = declaration.initializer ? this.ev(declaration.initializer, cx) : none();
				if (!ts.isIdentifier(declaration.name)) {
					this.bindPattern(declaration.name, value, cx, (element, vals) => {
						const known = this.moduleBindings.get(element) ?? none();
						if (grow(known, vals)) made.version++;
						this.moduleBindings.set(element, known);
					});
				}
				return value;
			});
			this.moduleStates.set(declaration, (state = made));
		}
		if (!state.running && (state.dirty || this.changed(state))) this.redo(state);
		this.depend(state);
		return state.result;
	}

	private bind(name: ts.BindingName, value: Vals, cx: Cx, mayFork: boolean): void {
		if (!ts.isIdentifier(name)) return this.bindPattern(name, value, cx, (element, vals) => this.bind(element.name, vals, cx, mayFork));
		const symbol = this.symbolOf(name);
		if (!symbol) return;
		const pinned = cx.act.pins.get(name);
		// One of several entries of a table the code keeps (its operations, its events): each is followed apart.
		const entries = [...value.values()].filter((v) => v.kind === 'module' || (v.kind === 'object' && v.id.endsWith('@module')));
		if (!pinned && mayFork && entries.length > 1 && entries.length <= MAX_FORKS && cx.act.pins.size < 3) throw new Fork(cx.act, name, entries);
		this.setVar(cx.scope, symbol, pinned ? one(pinned) : value);
	}

	private setVar(scope: Scope, symbol: ts.Symbol, value: Vals): void {
		const known = scope.vars.get(symbol);
		if (!known) scope.vars.set(symbol, { vals: merge(value), version: 0 });
		else if (grow(known.vals, value)) known.version++;
	}

	private bindPattern(pattern: ts.BindingPattern, value: Vals, cx: Cx, each: (element: ts.BindingElement, vals: Vals) => void): void {
		pattern.elements.forEach((element, index) => {
			if (ts.isOmittedExpression(element)) return;
			let vals: Vals;
			if (ts.isArrayBindingPattern(pattern)) {
				vals = element.dotDotDotToken ? one(this.array(element, cx, this.elements(value))) : this.elementAt(value, index);
			} else if (element.dotDotDotToken) {
				const rest = this.object(element, cx);
				this.grow(rest, rest.copies, value);
				vals = one(rest);
			} else {
				const key = element.propertyName ?? element.name;
				const names = ts.isIdentifier(key) || ts.isStringLiteral(key) ? [key.text] : ts.isComputedPropertyName(key) ? texts(this.ev(key.expression, cx)) : [];
				vals = merge(...names.map((field) => this.member(value, field, element, true)));
			}
			each(element, element.initializer ? merge(vals, this.ev(element.initializer, cx)) : vals);
		});
	}

	private assign(target: ts.Expression, value: Vals, cx: Cx): void {
		if (ts.isParenthesizedExpression(target) || ts.isAsExpression(target) || ts.isNonNullExpression(target)) return this.assign(target.expression, value, cx);
		if (ts.isIdentifier(target)) {
			const symbol = this.symbolOf(target);
			if (!symbol) return;
			for (let scope: Scope | undefined = cx.scope; scope; scope = scope.parent) if (scope.vars.has(symbol)) return this.setVar(scope, symbol, value);
			const declaration = symbol.valueDeclaration;
			const state = declaration && ts.isVariableDeclaration(declaration) ? this.moduleStates.get(declaration) : undefined;
			if (state && grow(state.result, value)) state.version++;
			return;
		}
		if (ts.isPropertyAccessExpression(target) || ts.isElementAccessExpression(target)) {
			const holder = this.ev(target.expression, cx);
			if (holder.has('u')) this.handedAway(`${target.getText().slice(0, 40)} (kept where the test cannot follow it)`, [target], [value], target);
			const names = ts.isPropertyAccessExpression(target) ? [target.name.text] : texts(this.ev(target.argumentExpression, cx));
			for (const container of holder.values()) {
				if (container.kind === 'object' && names.length) for (const name of names) this.put(container, name, value);
				else if (container.kind === 'object' || container.kind === 'array') this.grow(container, container.items, value);
			}
		}
	}

	// Containers

	private container(kind: 'object' | 'array', site: ts.Node, cx: Cx, tag: string = kind[0]): Container {
		return this.containerWithId(kind, `${tag}:${this.site(site)}@${cx.act.id}`);
	}
	private containerWithId(kind: 'object' | 'array', id: string): Container {
		let found = this.heap.get(id);
		if (!found) this.heap.set(id, (found = { kind, id, version: 0, props: new Map(), lazy: new Map(), items: none(), copies: none(), entriesOf: none() }));
		return found;
	}
	private object(site: ts.Node, cx: Cx): Container {
		return this.container('object', site, cx);
	}
	private array(site: ts.Node, cx: Cx, items: Vals): Container {
		const made = this.container('array', site, cx);
		this.grow(made, made.items, items);
		return made;
	}
	/** Adds to one of a container's sets, and tells whoever read it. */
	private grow(container: Container, target: Vals, source: Vals): void {
		if (grow(target, source)) container.version++;
	}
	private put(object: Container, name: string, value: Vals): void {
		const known = object.props.get(name);
		if (known) this.grow(object, known, value);
		else (object.props.set(name, merge(value)), object.version++);
	}
	/** An object's properties, its lazy ones (a class's initializers) made. */
	private propsOf(object: Container): Map<string, Vals> {
		for (const [name, make] of object.lazy) {
			object.lazy.delete(name);
			this.put(object, name, make());
		}
		this.depend(object);
		return object.props;
	}

	/** What a list, a map or a generator holds; an answer's list elements. */
	private elements(vals: Vals): Vals {
		const out = none();
		for (const value of vals.values()) {
			if (value.kind === 'answer') grow(out, one(step(value, '[]')));
			if (value.kind === 'unknown') grow(out, unknown());
			if (value.kind === 'array') {
				this.depend(value);
				grow(out, value.items);
			}
			if (value.kind === 'object' && value.isMap) {
				this.depend(value);
				const pair = this.containerWithId('array', `pair:${value.id}`);
				pair.tuple = [none(), value.items];
				this.grow(pair, pair.items, value.items);
				grow(out, one(pair));
			}
		}
		return out;
	}
	private elementAt(vals: Vals, index: number): Vals {
		const out = none();
		for (const value of vals.values()) {
			if (value.kind === 'array' && value.tuple) (this.depend(value), grow(out, value.tuple[index] ?? none()));
			else grow(out, this.elements(one(value)));
		}
		return out;
	}

	// Reads

	/** `name` of each value: a field of an answer (read, when `isField`), an object's property, a module's export. */
	private member(vals: Vals, name: string, site: ts.Node, isField: boolean, seen = new Set<string>()): Vals {
		const out = none();
		for (const value of vals.values()) {
			if (value.kind === 'answer' && isField && !value.list) {
				this.read(value, name, site);
				grow(out, one(step(value, name)));
			} else if (value.kind === 'object' && !seen.has(value.id)) {
				seen.add(value.id);
				if (value.lazy.has(name)) this.propsOf(value);
				this.depend(value);
				grow(out, value.props.get(name) ?? (value.copies.size ? none() : nothing()));
				if (value.copies.size) grow(out, this.member(value.copies, name, site, isField, seen));
			} else if (value.kind === 'unknown' || value.kind === 'text' || value.kind === 'bool' || value.kind === 'array' || value.kind === 'function' || value.kind === 'answer') {
				grow(out, unknown());
			} else if (value.kind === 'undefined') {
				// `a?.b` of nothing is nothing (and `a.b` would throw).
				grow(out, nothing());
			} else if (value.kind === 'module') {
				const exported = this.checker.getExportsOfModule(value.symbol).find((symbol) => symbol.name === name);
				if (exported) grow(out, this.symbolValue(exported.flags & ts.SymbolFlags.Alias ? this.checker.getAliasedSymbol(exported) : exported));
			}
		}
		return out;
	}

	private read(part: AnswerPart, name: string, site: ts.Node): void {
		const access = ts.isPropertyAccessExpression(site.parent) || ts.isElementAccessExpression(site.parent) ? site.parent : site;
		this.answeredSites.add(access);
		const at = this.at(site);
		const full = [...part.path, name];
		this.reads.set(`${at}|${part.request}|${full.join('.')}`, { request: part.request, path: full, at, places: this.places(site), how: this.how(access) });
	}

	/** Every field of an answer read at once, by names the code does not state. */
	private scan(vals: Vals, site: ts.Node, how: string): void {
		for (const part of answersIn(vals)) this.finding(site, 'scan', how, part.request);
	}

	private finding(site: ts.Node, kind: Finding['kind'], what: string, request?: string): void {
		const at = this.at(site);
		const key = `${at}|${kind}|${what}`;
		const found = this.findings.get(key) ?? { at, places: this.places(site), kind, what, requests: new Set<string>() };
		if (request) found.requests.add(request);
		this.findings.set(key, found);
	}

	/**
	 * Whether `access.name` reads a field of the value, rather than a member of a list, a text or a
	 * promise (`records.length`, `name.trim`, `request.then`). Any other type, a library's class
	 * included, is no reason: `(answer as Error).message` reads the answer's `message`.
	 */
	private isField(access: ts.PropertyAccessExpression): boolean {
		return this.once(access, 'field', () => {
			const type = this.checker.getTypeAtLocation(access.expression);
			if (type.flags & ts.TypeFlags.Any) return !ARRAY_METHODS.has(access.name.text) || !ts.isCallExpression(access.parent);
			return !this.isListOrScalar(type, true);
		});
	}
	private isListOrScalar(type: ts.Type, orPromise = false): boolean {
		const scalar = ts.TypeFlags.StringLike | ts.TypeFlags.NumberLike | ts.TypeFlags.BooleanLike | ts.TypeFlags.Null | ts.TypeFlags.Undefined;
		const promise = (part: ts.Type) => orPromise && ['Promise', 'PromiseLike'].includes(part.getSymbol()?.name ?? '');
		return (type.isUnion() ? type.types : [type]).every((part) => part.flags & scalar || this.checker.isArrayType(part) || this.checker.isTupleType(part) || promise(part));
	}

	// Statements

	/** Runs a block's statements; false when it cannot complete (it returned or threw on every path the code allows). */
	private block(statements: readonly ts.Statement[], cx: Cx): boolean {
		for (const statement of statements) {
			if (ts.isFunctionDeclaration(statement) && statement.name && statement.body) {
				const symbol = this.symbolOf(statement.name);
				if (symbol) this.setVar(cx.scope, symbol, one(this.fn(statement, cx.scope, none())));
			}
		}
		for (const statement of statements) if (!this.exec(statement, cx)) return false;
		return true;
	}

	private exec(node: ts.Statement, cx: Cx): boolean {
		if (ts.isVariableStatement(node)) {
			for (const declaration of node.declarationList.declarations) this.bind(declaration.name, declaration.initializer ? this.ev(declaration.initializer, cx) : nothing(), cx, true);
		} else if (ts.isExpressionStatement(node)) this.ev(node.expression, cx);
		else if (ts.isReturnStatement(node)) {
			grow(cx.act.result, node.expression ? this.ev(node.expression, cx) : nothing());
			return false;
		} else if (ts.isIfStatement(node)) {
			// A condition the code states takes its branch; any other, both.
			const truth = this.truth(this.ev(node.expression, cx));
			const then = truth !== false && this.exec(node.thenStatement, cx);
			const otherwise = truth !== true && (node.elseStatement ? this.exec(node.elseStatement, cx) : true);
			return then || otherwise;
		} else if (ts.isBlock(node)) return this.block(node.statements, cx);
		else if (ts.isForOfStatement(node)) {
			this.bindLoop(node.initializer, this.elements(this.ev(node.expression, cx)), cx);
			this.exec(node.statement, cx);
		} else if (ts.isForInStatement(node)) {
			const scanned = this.ev(node.expression, cx);
			this.scan(this.withCopies(scanned), node.expression, 'for … in');
			this.bindLoop(node.initializer, merge(unknown(), ...answersIn(this.withCopies(scanned)).map((part) => one({ kind: 'name', of: part }))), cx);
			this.exec(node.statement, cx);
		} else if (ts.isForStatement(node)) {
			if (node.initializer && ts.isVariableDeclarationList(node.initializer)) {
				for (const declaration of node.initializer.declarations) this.bind(declaration.name, declaration.initializer ? this.ev(declaration.initializer, cx) : none(), cx, false);
			} else if (node.initializer) this.ev(node.initializer, cx);
			if (node.condition) this.ev(node.condition, cx);
			if (node.incrementor) this.ev(node.incrementor, cx);
			this.exec(node.statement, cx);
		} else if (ts.isWhileStatement(node) || ts.isDoStatement(node)) {
			this.ev(node.expression, cx);
			this.exec(node.statement, cx);
		} else if (ts.isSwitchStatement(node)) {
			this.ev(node.expression, cx);
			for (const clause of node.caseBlock.clauses) {
				if (ts.isCaseClause(clause)) this.ev(clause.expression, cx);
				this.block(clause.statements, cx);
			}
		} else if (ts.isTryStatement(node)) {
			const tried = this.exec(node.tryBlock, cx);
			const caught = node.catchClause ? (this.bindCaught(node.catchClause, cx), this.exec(node.catchClause.block, cx)) : false;
			if (node.finallyBlock && !this.exec(node.finallyBlock, cx)) return false;
			return tried || caught;
		} else if (ts.isThrowStatement(node)) {
			this.ev(node.expression, cx);
			return false;
		} else if (ts.isLabeledStatement(node)) this.exec(node.statement, cx);
		else if (ts.isBreakStatement(node) || ts.isContinueStatement(node)) return false;
		return true;
	}

	/** What a catch clause catches comes from anywhere: unknown. */
	private bindCaught(clause: ts.CatchClause, cx: Cx): void {
		if (clause.variableDeclaration) this.bind(clause.variableDeclaration.name, unknown(), cx, false);
	}

	private bindLoop(initializer: ts.ForInitializer, items: Vals, cx: Cx): void {
		if (!ts.isVariableDeclarationList(initializer)) return this.assign(initializer, items, cx);
		for (const declaration of initializer.declarations) this.bind(declaration.name, declaration.initializer ? merge(items, this.ev(declaration.initializer, cx)) : items, cx, false);
	}

	// Expressions

	private ev(node: ts.Expression, cx: Cx): Vals {
		const vals = this.evaluate(node, cx);
		if (!ts.isCallExpression(node) && !ts.isAsExpression(node) && !ts.isIdentifier(node) && !ts.isPropertyAccessExpression(node)) return vals;
		if (!answersIn(vals).some((part) => !part.list) || !this.once(node, 'list', () => this.isList(this.checker.getTypeAtLocation(node)))) return vals;
		// A part the code holds as a list (its type says so) is one: reading a name of it reads no field.
		const out = none();
		for (const value of vals.values()) grow(out, one(value.kind === 'answer' ? { ...value, list: true } : value));
		return out;
	}

	/** A list, or a list or nothing. */
	private isList(type: ts.Type): boolean {
		const parts = (type.isUnion() ? type.types : [type]).filter((part) => !(part.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null)));
		return parts.length > 0 && parts.every((part) => this.checker.isArrayType(part) || this.checker.isTupleType(part));
	}

	private evaluate(node: ts.Expression, cx: Cx): Vals {
		if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return one({ kind: 'text', text: node.text });
		if (node.kind === ts.SyntaxKind.TrueKeyword || node.kind === ts.SyntaxKind.FalseKeyword) return one({ kind: 'bool', value: node.kind === ts.SyntaxKind.TrueKeyword });
		if (ts.isTemplateExpression(node)) return this.template(node, cx);
		if (ts.isIdentifier(node)) return this.lookup(node, cx);
		if (node.kind === ts.SyntaxKind.ThisKeyword) return cx.act.self;
		if (ts.isParenthesizedExpression(node) || ts.isNonNullExpression(node) || ts.isAwaitExpression(node) || ts.isSatisfiesExpression(node)) return this.ev(node.expression, cx);
		if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) return this.cast(node, cx);
		if (ts.isPropertyAccessExpression(node)) return this.member(this.ev(node.expression, cx), node.name.text, node.name, this.isField(node));
		if (ts.isElementAccessExpression(node)) return this.element(node, cx);
		if (ts.isCallExpression(node)) return this.evCall(node, cx);
		if (ts.isNewExpression(node)) return this.evNew(node, cx);
		if (ts.isObjectLiteralExpression(node)) return this.objectLiteral(node, cx);
		if (ts.isArrayLiteralExpression(node)) return this.arrayLiteral(node, cx);
		if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) return one(this.fn(node, cx.scope, cx.act.self));
		if (ts.isConditionalExpression(node)) {
			// A condition the code states (a shape's `rowsBuiltByOperation: true`) takes its branch; any other, both.
			const known = this.truth(this.ev(node.condition, cx));
			return merge(known === false ? none() : this.ev(node.whenTrue, cx), known === true ? none() : this.ev(node.whenFalse, cx));
		}
		if (ts.isBinaryExpression(node)) return this.binary(node, cx);
		if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.ExclamationToken) return this.bool(this.truth(this.ev(node.operand, cx)), true);
		if (ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) return this.ev(node.operand, cx), unknown();
		if (ts.isVoidExpression(node)) return this.ev(node.expression, cx), nothing();
		if (ts.isTypeOfExpression(node) || ts.isDeleteExpression(node)) return this.ev(node.expression, cx), unknown();
		if (ts.isYieldExpression(node)) {
			if (node.expression) grow(cx.act.yields, node.asteriskToken ? this.elements(this.ev(node.expression, cx)) : this.ev(node.expression, cx));
			return unknown();
		}
		if (ts.isSpreadElement(node)) return this.ev(node.expression, cx);
		// A number, a regular expression… are what the test does not follow.
		return node.kind === ts.SyntaxKind.NullKeyword ? nothing() : unknown();
	}

	/** A known truth as a value (negated when asked); unknown when the code does not tell. */
	private bool(value: boolean | undefined, negate = false): Vals {
		return value === undefined ? unknown() : one({ kind: 'bool', value: negate ? !value : value });
	}

	/**
	 * True or false when every value says so: objects, lists and functions are true, no value at
	 * all false, a text by its emptiness; a part of an answer or anything unknown could be either.
	 */
	private truth(vals: Vals): boolean | undefined {
		const truths = new Set<boolean | undefined>();
		for (const value of vals.values()) {
			if (value.kind === 'bool') truths.add(value.value);
			else if (value.kind === 'text') truths.add(value.text !== '');
			else if (value.kind === 'undefined') truths.add(false);
			else if (value.kind === 'answer' || value.kind === 'unknown' || value.kind === 'name') truths.add(undefined);
			else truths.add(true);
		}
		if (!truths.size) return false;
		return truths.size === 1 ? [...truths][0] : undefined;
	}

	/** Whether two values are equal, when the code tells: texts and truths compared, anything else unknown. */
	private equal(left: Vals, right: Vals): boolean | undefined {
		const simple = (vals: Vals) => [...vals.values()].every((value) => value.kind === 'text' || value.kind === 'bool' || value.kind === 'undefined');
		if (!left.size || !right.size || !simple(left) || !simple(right)) return undefined;
		const results = new Set<boolean>();
		for (const a of left.keys()) for (const b of right.keys()) results.add(a === b);
		return results.size === 1 ? [...results][0] : undefined;
	}

	private template(node: ts.TemplateExpression, cx: Cx): Vals {
		let made = [node.head.text];
		for (const span of node.templateSpans) {
			const values = [...this.ev(span.expression, cx).values()];
			// A text a template built from a text a template built (a key growing in a loop) stands for any text.
			const known = values.flatMap((value) => (value.kind === 'text' && !value.built ? [value.text] : []));
			const parts = known.length && known.length === values.length && known.length <= 8 ? known : ['{}'];
			made = made.flatMap((start) => parts.map((part) => start + part + span.literal.text)).slice(0, 32);
		}
		return merge(...made.map((text) => one({ kind: 'text', text, built: true })));
	}

	/** A cast changes nothing of the value; in the transport, the body it got from n8n's helper, cast to ServiceRecord, is an answer of any request. */
	private cast(node: ts.AsExpression | ts.TypeAssertion, cx: Cx): Vals {
		const value = this.ev(node.expression, cx);
		const inTransport = this.relative(node.getSourceFile()).startsWith('nodes/shared/transport/');
		if (inTransport && !answersIn(value).length && /^ServiceRecord\b/.test(node.type.getText())) return one({ kind: 'answer', request: '*', path: [] });
		return value;
	}

	private element(node: ts.ElementAccessExpression, cx: Cx): Vals {
		const holder = this.ev(node.expression, cx);
		const key = this.ev(node.argumentExpression, cx);
		const names = texts(key);
		const out = merge(...names.map((name) => this.member(holder, name, node.argumentExpression, true)));
		if (this.once(node, 'numbered', () => !!(this.checker.getTypeAtLocation(node.argumentExpression).flags & ts.TypeFlags.NumberLike))) return merge(out, this.elements(holder));
		// A name the code computes and the test cannot tell (from n8n, from an answer): a field a scan found stays that field; any other is a scan of its own.
		const untold = [...key.values()].filter((value) => value.kind === 'unknown' || value.kind === 'answer' || value.kind === 'name');
		if (!untold.length) return out;
		const scanned = untold.filter((value): value is ScannedName => value.kind === 'name');
		if (scanned.length < untold.length) scanned.length = 0;
		for (const part of answersIn(holder)) {
			this.answeredSites.add(node);
			if (!scanned.length) this.scan(one(part), node, `a field read by a computed name (${node.getText().slice(0, 60)})`);
			grow(out, one(step(part, '*')));
		}
		for (const value of holder.values()) {
			if (value.kind !== 'object') continue;
			const props = this.propsOf(value);
			// A table looked up by the name of a field a scan found: each of its names is a field matched against that one.
			for (const name of scanned) for (const field of props.keys()) this.read(name.of, field, node.argumentExpression);
			for (const vals of props.values()) grow(out, vals);
			grow(out, value.items);
		}
		return out;
	}

	private binary(node: ts.BinaryExpression, cx: Cx): Vals {
		const operator = node.operatorToken.kind;
		if (operator === ts.SyntaxKind.EqualsToken || operator === ts.SyntaxKind.QuestionQuestionEqualsToken || operator === ts.SyntaxKind.BarBarEqualsToken) {
			const value = this.ev(node.right, cx);
			this.assign(node.left, value, cx);
			return operator === ts.SyntaxKind.EqualsToken ? value : merge(this.ev(node.left, cx), value);
		}
		const left = this.ev(node.left, cx);
		if (operator === ts.SyntaxKind.AmpersandAmpersandToken || operator === ts.SyntaxKind.BarBarToken || operator === ts.SyntaxKind.QuestionQuestionToken) {
			// The right side is not run when the left side decides.
			const truth = this.truth(left);
			const nullish = [...left.values()].some((value) => value.kind === 'answer' || value.kind === 'unknown' || value.kind === 'undefined');
			if (operator === ts.SyntaxKind.AmpersandAmpersandToken) return truth === false ? left : truth === true ? this.ev(node.right, cx) : merge(left, this.ev(node.right, cx));
			if (operator === ts.SyntaxKind.BarBarToken) return truth === true ? left : truth === false ? this.ev(node.right, cx) : merge(left, this.ev(node.right, cx));
			return nullish ? merge(left, this.ev(node.right, cx)) : left;
		}
		const right = this.ev(node.right, cx);
		switch (operator) {
			case ts.SyntaxKind.InKeyword: {
				const names = texts(left);
				for (const name of names) this.member(right, name, node.left, true);
				if (!names.length && left.size) this.scan(right, node, `an \`in\` check of a computed name (${node.getText().slice(0, 60)})`);
				// An object or a module of the code's own says whether it has the name.
				const own = [...right.values()].every((value) => value.kind === 'object' || value.kind === 'module');
				if (!names.length || !right.size || !own) return unknown();
				const has = new Set(names.flatMap((name) => [...right.values()].map((value) => this.has(value, name))));
				return this.bool(has.size === 1 ? [...has][0] : undefined);
			}
			case ts.SyntaxKind.CommaToken:
				return right;
			case ts.SyntaxKind.EqualsEqualsEqualsToken:
			case ts.SyntaxKind.EqualsEqualsToken:
				return this.bool(this.equal(left, right));
			case ts.SyntaxKind.ExclamationEqualsEqualsToken:
			case ts.SyntaxKind.ExclamationEqualsToken:
				return this.bool(this.equal(left, right), true);
			default:
				return unknown();
		}
	}

	private has(value: Value, name: string): boolean | undefined {
		if (value.kind === 'module') return this.checker.getExportsOfModule(value.symbol).some((symbol) => symbol.name === name);
		if (value.kind !== 'object' || value.copies.size) return undefined;
		return this.propsOf(value).has(name) || undefined;
	}

	private objectLiteral(node: ts.ObjectLiteralExpression, cx: Cx): Vals {
		const object = this.object(node, cx);
		for (const property of node.properties) {
			if (ts.isSpreadAssignment(property)) {
				for (const value of this.ev(property.expression, cx).values()) {
					if (value.kind === 'object') {
						for (const [name, vals] of this.propsOf(value)) this.put(object, name, vals);
						this.grow(object, object.copies, value.copies);
					} else if (value.kind === 'answer') this.grow(object, object.copies, one(value));
				}
				continue;
			}
			const name = property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name) || ts.isNumericLiteral(property.name)) ? [property.name.text] : undefined;
			const names = name ?? (property.name && ts.isComputedPropertyName(property.name) ? texts(this.ev(property.name.expression, cx)) : []);
			let value = none();
			if (ts.isPropertyAssignment(property)) value = this.ev(property.initializer, cx);
			else if (ts.isShorthandPropertyAssignment(property)) value = this.lookup(property.name, cx);
			else if (ts.isMethodDeclaration(property) && property.body) value = one(this.fn(property, cx.scope, cx.act.self));
			for (const each of names) this.put(object, each, value);
		}
		return one(object);
	}

	private arrayLiteral(node: ts.ArrayLiteralExpression, cx: Cx): Vals {
		const made = this.container('array', node, cx);
		const positions = node.elements.map((element) => (ts.isSpreadElement(element) ? this.elements(this.ev(element.expression, cx)) : this.ev(element, cx)));
		for (const position of positions) this.grow(made, made.items, position);
		if (!node.elements.some(ts.isSpreadElement)) {
			made.tuple ??= positions.map(() => none());
			positions.forEach((position, index) => this.grow(made, made.tuple![index], position));
		}
		return one(made);
	}

	private evNew(node: ts.NewExpression, cx: Cx): Vals {
		const args = (node.arguments ?? []).map((argument) => this.ev(argument, cx));
		const name = node.expression.getText();
		if (name === 'Map') {
			const map = this.object(node, cx);
			map.isMap = true;
			this.grow(map, map.items, this.pairValues(args[0] ?? none()));
			return one(map);
		}
		if (name === 'Set' || name === 'Array') return one(this.array(node, cx, name === 'Set' ? this.elements(args[0] ?? none()) : none()));
		const declaration = this.symbolOf(node.expression)?.valueDeclaration;
		if (declaration && ts.isClassDeclaration(declaration) && this.isOurs(this.relative(declaration.getSourceFile()))) return this.instantiate(declaration, args, node, cx);
		this.handedAway(name, node.arguments ?? [], args, node);
		return unknown();
	}

	/** The second of each `[key, value]` pair a list holds. */
	private pairValues(list: Vals): Vals {
		const out = none();
		for (const pair of this.elements(list).values()) if (pair.kind === 'array') grow(out, pair.tuple?.[1] ?? pair.items);
		return out;
	}

	// Calls

	private evCall(node: ts.CallExpression, cx: Cx): Vals {
		const declaration = this.once(node, 'declaration', () => this.checker.getResolvedSignature(node)?.getDeclaration());
		const args = node.arguments.map((argument) => (ts.isSpreadElement(argument) ? this.elements(this.ev(argument.expression, cx)) : this.ev(argument, cx)));
		if (declaration && this.isRequest(declaration)) {
			// The transport passing a request on to itself: its answer is followed where the request was made.
			if (this.relative(node.getSourceFile()).startsWith('nodes/shared/transport/')) return none();
			return this.answerOf(args[ts.isMethodDeclaration(declaration) ? 1 : 0] ?? none(), node);
		}
		const callee = node.expression;
		if (!ts.isPropertyAccessExpression(callee) && !ts.isElementAccessExpression(callee)) {
			const library = this.once(callee, 'library', () => this.libraryName(callee));
			if (library) return this.builtin(library, node, args, cx);
			const functions = this.functionsIn(this.ev(callee, cx));
			if (!functions.length) return this.byDeclaration(declaration, node, args, none(), cx);
			return merge(...functions.map((fn) => this.invoke(fn, args, none(), node, cx)));
		}
		if (ts.isElementAccessExpression(callee) && !texts(this.ev(callee.argumentExpression, cx)).length) {
			// `list[1](…)`: the functions the element holds.
			return merge(...this.functionsIn(this.ev(callee, cx)).map((fn) => this.invoke(fn, args, this.ev(callee.expression, cx), node, cx)));
		}
		const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : (texts(this.ev(callee.argumentExpression, cx))[0] ?? '');
		const library = this.once(callee.expression, 'library', () => this.libraryName(callee.expression));
		if (library) return this.builtin(`${library}.${name}`, node, args, cx);
		const holder = this.ev(callee.expression, cx);
		const out = none();
		let called = false;
		for (const value of holder.values()) {
			if (value.kind === 'object' && value.isMap) (called = true), grow(out, this.mapMethod(value, name, args, node, cx));
			else if (value.kind === 'object' || value.kind === 'module') {
				for (const method of this.functionsIn(this.member(one(value), name, callee, false))) (called = true), grow(out, this.invoke(method, args, one(value), node, cx));
			} else if (value.kind === 'function') {
				called = true;
				if (name === 'call') grow(out, this.invoke(value, args.slice(1), args[0] ?? none(), node, cx));
				else if (name === 'apply') grow(out, this.invoke(value, [this.elements(args[1] ?? none())], args[0] ?? none(), node, cx));
				else if (name === 'bind') grow(out, one(value));
			} else if (value.kind === 'array') (called = true), grow(out, this.listMethod(one(value), name, node, args, cx));
		}
		if (name === 'then' || name === 'catch' || name === 'finally') return merge(out, this.promise(holder, name, args, node, cx));
		const answers = merge(...answersIn(holder).map((part) => one(part)));
		if (answers.size) {
			if (ts.isPropertyAccessExpression(callee) && this.isField(callee)) grow(out, this.member(answers, name, callee.name, true));
			else grow(out, this.listMethod(answers, name, node, args, cx));
		}
		if (!called && !answers.size) grow(out, this.byDeclaration(declaration, node, args, holder, cx));
		else if (holder.has('u') && declaration && !this.isOurs(this.relative(declaration.getSourceFile()))) grow(out, this.byDeclaration(declaration, node, args, holder, cx));
		return out;
	}

	private isRequest(declaration: ts.Declaration): boolean {
		const name = (declaration as ts.NamedDeclaration).name?.getText();
		return name === 'request' && (ts.isMethodSignature(declaration) || ts.isMethodDeclaration(declaration)) && this.relative(declaration.getSourceFile()) === 'nodes/shared/transport/transport.ts';
	}

	/** The answer of a request: named by its method and its path, where each `${…}` the code does not tell is `{}`. */
	private answerOf(request: Vals, node: ts.Node): Vals {
		const methods = texts(this.member(request, 'method', node, false));
		const paths = texts(this.member(request, 'path', node, false));
		const out = none();
		for (const method of methods) for (const each of paths) grow(out, one({ kind: 'answer', request: `${method} ${each.replace(/\/+$/, '').replace(/\{[^}]*\}/g, '{}')}`, path: [] }));
		// A request whose method or path no run tells (from the inside of a helper run for itself, or truly unknown): said where it is made, unless another run tells it.
		this.requestSites.set(node, (this.requestSites.get(node) ?? false) || out.size > 0);
		return out;
	}

	/** A function of ours the values did not lead to (a method of a parameter whose object is not known): its declaration; anyone else's: handed away. */
	private byDeclaration(declaration: ts.Declaration | undefined, node: ts.CallExpression, args: Vals[], self: Vals, cx: Cx): Vals {
		const ours = declaration && this.isOurs(this.relative(declaration.getSourceFile()));
		if (ours && (ts.isFunctionDeclaration(declaration) || ts.isMethodDeclaration(declaration)) && declaration.body) return this.invoke(this.fn(declaration, this.moduleScope, none()), args, self, node, cx);
		if (ours) return unknown();
		this.handedAway((declaration as ts.NamedDeclaration | undefined)?.name?.getText() ?? node.expression.getText(), node.arguments, args, node);
		return unknown();
	}

	private invoke(fn: Fn, args: Vals[], self: Vals, node: ts.Node, cx: Cx): Vals {
		return ts.isClassLike(fn.node) ? this.instantiate(fn.node, args, node, cx) : this.call(fn, args, self);
	}

	private functionsIn(vals: Vals | undefined): Fn[] {
		return [...(vals ?? none()).values()].filter((value): value is Fn => value.kind === 'function');
	}

	private callBack(vals: Vals | undefined, args: Vals[], node: ts.Node, cx: Cx): Vals {
		return merge(...this.functionsIn(vals).map((fn) => this.invoke(fn, args, none(), node, cx)));
	}

	private promise(value: Vals, name: string, args: Vals[], node: ts.Node, cx: Cx): Vals {
		if (name === 'then') return merge(this.callBack(args[0], [value], node, cx), this.callBack(args[1], [none()], node, cx));
		if (name === 'catch') return merge(value, this.callBack(args[0], [none()], node, cx));
		return value;
	}

	/** A method of a list: an array the code built, or a list in an answer. */
	private listMethod(list: Vals, name: string, node: ts.CallExpression, args: Vals[], cx: Cx): Vals {
		const items = this.elements(list);
		const each = (callback: Vals | undefined) => this.callBack(callback, [items, none(), list], node, cx);
		switch (name) {
			case 'map': {
				const [source] = list.values();
				if (list.size === 1 && source.kind === 'array' && source.tuple) {
					this.depend(source);
					const made = this.container('array', node, cx);
					const results = source.tuple.map((position) => this.callBack(args[0], [position, none(), list], node, cx));
					const tuple = (made.tuple ??= []);
					results.forEach((result, index) => (this.grow(made, (tuple[index] ??= none()), result), this.grow(made, made.items, result)));
					return one(made);
				}
				return one(this.array(node, cx, each(args[0])));
			}
			case 'flatMap': {
				const results = each(args[0]);
				return one(this.array(node, cx, merge(this.elements(results), ...[...results.values()].filter((v) => v.kind !== 'array').map((v) => one(v)))));
			}
			case 'forEach':
				return each(args[0]), none();
			case 'some':
			case 'every':
			case 'findIndex':
				return each(args[0]), unknown();
			case 'filter':
				return each(args[0]), list;
			case 'sort':
			case 'toSorted':
				return this.callBack(args[0], [items, items], node, cx), list;
			case 'find':
			case 'findLast':
				return each(args[0]), merge(items, nothing());
			case 'reduce': {
				const start = args[1] ?? none();
				const first = this.callBack(args[0], [start, items], node, cx);
				return merge(start, first, this.callBack(args[0], [merge(start, first), items], node, cx));
			}
			case 'slice':
			case 'reverse':
			case 'concat':
			case 'splice':
				return merge(list, ...args);
			case 'at':
			case 'pop':
			case 'shift':
				return merge(items, nothing());
			case 'push':
			case 'unshift':
			case 'fill':
				for (const value of list.values()) if (value.kind === 'array') for (const argument of args) this.grow(value, value.items, argument);
				return name === 'fill' ? list : none();
			case 'entries':
				return one(this.pairs(node, cx, none(), items));
			case 'values':
				return list;
			default:
				return unknown();
		}
	}

	/** A list of `[key, value]` pairs. */
	private pairs(site: ts.Node, cx: Cx, keys: Vals, values: Vals): Container {
		const pair = this.container('array', site, cx, 'pair');
		pair.tuple ??= [none(), none()];
		this.grow(pair, pair.tuple[0], keys);
		this.grow(pair, pair.tuple[1], values);
		this.grow(pair, pair.items, merge(keys, values));
		return this.array(site, cx, one(pair));
	}

	private mapMethod(map: Container, name: string, args: Vals[], node: ts.CallExpression, cx: Cx): Vals {
		this.depend(map);
		if (name === 'get') return merge(map.items, nothing());
		if (name === 'set') return this.grow(map, map.items, args[1] ?? none()), one(map);
		if (name === 'values') return one(this.array(node, cx, map.items));
		if (name === 'entries') return one(this.pairs(node, cx, none(), map.items));
		if (name === 'forEach') return this.callBack(args[0], [map.items, none(), one(map)], node, cx), nothing();
		return unknown();
	}

	/** Functions of the language's own library. */
	private builtin(name: string, node: ts.CallExpression, args: Vals[], cx: Cx): Vals {
		const [first = none()] = args;
		switch (name) {
			case 'Object.entries':
			case 'Object.values':
			case 'Object.keys': {
				const all = this.withCopies(first);
				this.scan(all, node, `${name}(…)`);
				const keys = none();
				const values = none();
				for (const value of all.values()) {
					if (value.kind === 'answer') (grow(keys, one({ kind: 'name', of: value })), grow(values, one(step(value, '*'))));
					if (value.kind === 'object') for (const [field, vals] of this.propsOf(value)) (grow(keys, one({ kind: 'text', text: field })), grow(values, vals));
					if (value.kind === 'module') {
						for (const exported of this.checker.getExportsOfModule(value.symbol)) {
							grow(keys, one({ kind: 'text', text: exported.name }));
							grow(values, this.member(one(value), exported.name, node, false));
						}
					}
				}
				if (name === 'Object.keys') return one(this.array(node, cx, keys));
				if (name === 'Object.values') return one(this.array(node, cx, values));
				const entries = this.pairs(node, cx, keys, values);
				this.grow(entries, entries.entriesOf, first);
				return one(entries);
			}
			case 'Object.fromEntries': {
				const made = this.object(node, cx);
				for (const list of first.values()) if (list.kind === 'array') this.grow(made, made.copies, list.entriesOf);
				return one(made);
			}
			case 'Object.assign':
				for (const target of first.values()) if (target.kind === 'object') for (const source of args.slice(1)) this.grow(target, target.copies, source);
				return first;
			case 'Array.from':
				return one(this.array(node, cx, args[1] ? this.callBack(args[1], [this.elements(first)], node, cx) : this.elements(first)));
			case 'Promise.all':
				return one(this.array(node, cx, this.elements(first)));
			case 'Promise.resolve':
				return first;
			case 'JSON.stringify':
			case 'JSON.parse':
				// JSON carries the answer: what `JSON.parse(JSON.stringify(answer))` reads is read on the answer.
				return merge(...[...first.values()].filter((value) => value.kind !== 'text').map((value) => one(value)), first.size ? none() : unknown());
			default:
				this.handedAway(name, node.arguments, args, node);
				return unknown();
		}
	}

	/** Values and, for objects, the values they copy, down to the answers. */
	private withCopies(vals: Vals, seen = new Set<string>()): Vals {
		const out = merge(vals);
		for (const value of vals.values()) {
			if (value.kind !== 'object' || !value.copies.size || seen.has(value.id)) continue;
			seen.add(value.id);
			this.depend(value);
			grow(out, this.withCopies(value.copies, seen));
		}
		return out;
	}

	/** An answer, or an object copying one, handed to a library function that may read its fields. */
	private handedAway(name: string, nodes: readonly ts.Expression[], args: Vals[], site: ts.Node): void {
		if (PASS_THROUGH.has(name) || PASS_THROUGH.has(name.split('.').pop() as string)) return;
		args.forEach((vals, index) => {
			const argument = nodes[index];
			if (!argument || this.once(argument, 'scalar', () => this.isListOrScalar(this.checker.getTypeAtLocation(argument)))) return;
			for (const part of answersIn(this.withCopies(vals))) {
				this.finding(site, 'handedAway', `hands the answer to ${name}, whose reads of it cannot be followed`, part.request);
			}
		});
	}

	/** A global the language's library declares (`Object`, `JSON`, `Math`…), by its name. */
	private libraryName(node: ts.Expression): string | undefined {
		if (!ts.isIdentifier(node)) return undefined;
		const symbol = this.checker.getSymbolAtLocation(node);
		const declarations = symbol?.declarations ?? [];
		const global = symbol && !(symbol.flags & ts.SymbolFlags.Alias);
		return global && declarations.length && declarations.every((declaration) => declaration.getSourceFile().isDeclarationFile) ? node.text : undefined;
	}

	// Where

	/** Reads on an expression typed `ServiceRecord` that no answer reached. */
	private lostReads(source: ts.SourceFile): void {
		const isAnswer = (type: ts.Type): boolean => type.aliasSymbol?.name === 'ServiceRecord' || (type.isUnion() && type.types.some(isAnswer));
		const visit = (node: ts.Node): void => {
			if ((ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) && !this.answeredSites.has(node)) {
				const written = ts.isBinaryExpression(node.parent) && node.parent.left === node && node.parent.operatorToken.kind === ts.SyntaxKind.EqualsToken;
				if (!written && isAnswer(this.checker.getTypeAtLocation(node.expression))) {
					this.finding(node, 'lost', `${node.getText().slice(0, 60)} reads a ServiceRecord that no answer reaches, as far as the test can follow`);
				}
			}
			ts.forEachChild(node, visit);
		};
		visit(source);
	}

	private relative(source: ts.SourceFile): string {
		let name = this.names.get(source);
		if (name === undefined) this.names.set(source, (name = path.relative(this.root, source.fileName).split(path.sep).join('/')));
		return name;
	}
	private site(node: ts.Node): string {
		// A call and its callee's first token start at the same place: the kind tells them apart.
		return this.once(node, 'site', () => `${this.relative(node.getSourceFile())}:${node.pos}:${node.kind}`);
	}
	private at(node: ts.Node): string {
		return this.once(node, 'at', () => {
			const source = node.getSourceFile();
			return `${this.relative(source)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
		});
	}
	private how(node: ts.Node): string {
		return node.getText().replace(/\s+/g, ' ').slice(0, 80);
	}
	private places(node: ts.Node): string[] {
		const names: string[] = [];
		for (let current = node.parent; current; current = current.parent) {
			if ((ts.isFunctionDeclaration(current) || ts.isMethodDeclaration(current)) && current.name) names.push(current.name.getText());
			if (ts.isVariableDeclaration(current) && ts.isIdentifier(current.name) && current.initializer && ts.isFunctionLike(current.initializer)) names.push(current.name.text);
		}
		return names;
	}
}
