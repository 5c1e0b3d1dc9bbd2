const { src, dest } = require('gulp');

/** Node and credential descriptions point at `file:../icons/...` relative to dist. */
function buildIcons() {
	return src('icons/**/*.{png,svg}').pipe(dest('dist/icons'));
}

exports['build:icons'] = buildIcons;
