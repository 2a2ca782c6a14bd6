"""The render layer: meshes, the OpenGL renderer, overlays and the world-map screen."""
