export * from './errors';
export * from './users';
export * from './projects';
export * from './statuses';
export * from './apartments';
export * from './files';
export * from './styles';
export * from './public-view';
