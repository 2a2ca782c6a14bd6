"""The headless OpenGL context (EGL, no display) and the shader programs.

EGL finds Mesa's llvmpipe on a CPU-only machine and the vendor driver where there is a GPU; no X
server is involved. Shading follows vanilla: a 16 x 16 lightmap of sky and block light levels
(``sky.lightmap_table``), looked up per vertex,
per-face directional shade (up 1.0, down 0.5, north/south 0.8, east/west 0.6) and linear fog to
the horizon colour.
"""

from __future__ import annotations

import moderngl

from odyssey.errors import OdysseyError

EGL_PACKAGES = (
    "libegl1 and libgl1-mesa-dri (Debian/Ubuntu: apt-get install libegl1 libgl1-mesa-dri)"
)


class RenderError(OdysseyError):
    """The renderer cannot run (no EGL driver, bad size) or cannot draw what was asked."""


def create_context() -> moderngl.Context:
    """A standalone OpenGL 3.3+ context through EGL, or a RenderError naming the packages."""
    try:
        ctx = moderngl.create_context(standalone=True, backend="egl", require=330)
    except Exception as exc:  # glcontext raises plain Exceptions for missing libraries
        raise RenderError(
            f"cannot create a headless OpenGL context through EGL ({exc}); "
            f"the renderer needs an EGL driver: install {EGL_PACKAGES}"
        ) from exc
    if ctx.version_code < 430:
        raise RenderError(
            f"OpenGL 4.3 is needed (multi-draw indirect), the driver offers {ctx.version_code}"
            f" ({ctx.info.get('GL_RENDERER')}); update Mesa ({EGL_PACKAGES})"
        )
    return ctx


LIGHTING = """
uniform vec3 u_lightmap[256];    // sky * 16 + block -> colour (sky.lightmap_table)
uniform float u_torch;          // luminance of the held light (0 = none)
uniform vec3 u_fog_color;
uniform vec2 u_fog;             // start, end (blocks, cylindrical distance)

vec3 lightmap(float sky, float block) { return u_lightmap[int(sky) * 16 + int(block)]; }

float held_light(vec3 rel) {
    // LambDynamicLights: the held torch lights blocks within 7.75 blocks, fading linearly
    return u_torch * clamp(1.0 - length(rel) / 7.75, 0.0, 1.0);
}

float fog_amount(float dist) {
    return clamp((dist - u_fog.x) / max(u_fog.y - u_fog.x, 1e-3), 0.0, 1.0);
}
"""

# Without a held light, the lightmap is worked out per vertex (the light of a face is constant:
# it is part of what greedy meshing merges on); with one, per fragment, because the held light
# changes across a merged face.
CHUNK_VERTEX = (
    """
#version 330 core
in uvec4 in_a;  // x, y, z, u (see mesher: the vertex layout)
in uvec4 in_b;  // v, tile, light | shade << 8, tint
in vec3 in_offset;
uniform mat4 u_vp;
out vec3 v_uv;
out float v_dist;
#ifdef HELD_LIGHT
out vec3 v_rel;
flat out vec2 v_light;
flat out vec3 v_tint;
#else
flat out vec3 v_color;  // a face's light is the same at its four corners
#endif
const float SHADES[7] = float[7](0.5, 1.0, 0.8, 0.8, 0.6, 0.6, 1.0);
"""
    + LIGHTING
    + """
void main() {
    uint in_light = in_b.z;
    uint in_tint = in_b.w;
    vec3 rel = vec3(in_a.xyz) / 32.0 - 2.0 + in_offset;  // mesher.POS_UNITS, POS_BIAS
    gl_Position = u_vp * vec4(rel, 1.0);
    v_uv = vec3(vec2(in_a.w, in_b.x) / 16.0, float(in_b.y));
    v_dist = length(rel.xz);
    uint lt = in_light & 255u;
    vec2 light = vec2(float(lt >> 4), float(lt & 15u));
    vec3 tint = vec3(float((in_tint >> 11) & 31u) / 31.0, float((in_tint >> 5) & 63u) / 63.0,
                     float(in_tint & 31u) / 31.0) * SHADES[min(in_light >> 8, 6u)];
#ifdef HELD_LIGHT
    v_rel = rel;
    v_light = light;
    v_tint = tint;
#else
    v_color = lightmap(light.x, light.y) * tint;
#endif
}
"""
)

CHUNK_FRAGMENT = (
    """
#version 330 core
uniform sampler2DArray u_atlas;
uniform sampler2DArray u_text_atlas;
uniform bool u_text;         // sign text quads sample the text layers instead of the atlas
uniform float u_alpha_cut;   // 0.5 for opaque and cutout geometry, 0 for translucent
in vec3 v_uv;
in float v_dist;
#ifdef HELD_LIGHT
in vec3 v_rel;
flat in vec2 v_light;
flat in vec3 v_tint;
#else
flat in vec3 v_color;
#endif
out vec4 f_color;
"""
    + LIGHTING
    + """
void main() {
    vec4 albedo = u_text ? texture(u_text_atlas, v_uv) : texture(u_atlas, v_uv);
#ifdef ALPHA_TEST
    // only cutout and translucent geometry may discard: a shader that can discard turns off
    // early depth testing, which opaque geometry (most of the screen) depends on for speed
    if (albedo.a < u_alpha_cut || albedo.a == 0.0) discard;
#endif
#ifdef HELD_LIGHT
    float level = max(v_light.y, floor(held_light(v_rel)));
    vec3 c = albedo.rgb * lightmap(v_light.x, level) * v_tint;
#else
    vec3 c = albedo.rgb * v_color;
#endif
    f_color = vec4(mix(c, u_fog_color, fog_amount(v_dist)), albedo.a);
}
"""
)


def with_defines(source: str, *names: str) -> str:
    """The shader source with ``#define NAME`` lines after its version line."""
    head, rest = source.lstrip().split("\n", 1)
    return "\n".join([head, *(f"#define {n}" for n in names), rest])


SKY_VERTEX = """
#version 330 core
in vec2 in_pos;
out vec2 v_ndc;
void main() { v_ndc = in_pos; gl_Position = vec4(in_pos, 0.9999, 1.0); }
"""

SKY_FRAGMENT = """
#version 330 core
uniform mat4 u_inv_vp;
uniform vec3 u_sky_color;
uniform vec3 u_fog_color;
uniform vec3 u_body_color;    // sun at noon, moon at midnight
uniform float u_body_size;    // tangent of the half angle of the square
uniform float u_stars;        // 1 at night
in vec2 v_ndc;
out vec4 f_color;
float hash(vec3 p) { return fract(sin(dot(p, vec3(12.9898, 78.233, 37.719))) * 43758.5453); }
void main() {
    vec4 far = u_inv_vp * vec4(v_ndc, 1.0, 1.0);
    vec3 dir = normalize(far.xyz / far.w);
    // vanilla: the sky colour overhead fading to the fog colour at the horizon and below
    float up = clamp(dir.y * 4.0, 0.0, 1.0);
    vec3 c = mix(u_fog_color, u_sky_color, up);
    if (dir.y > 0.0) {
        vec2 q = dir.xz / dir.y;   // sun and moon stand straight overhead at noon and midnight
        if (abs(q.x) < u_body_size && abs(q.y) < u_body_size) c = u_body_color;
        if (u_stars > 0.0) {
            vec3 cell = floor(dir * 180.0);
            float h = hash(cell);
            if (h > 0.997 && dir.y > 0.05) c = mix(c, vec3(0.9), u_stars * (h - 0.997) / 0.003);
        }
    }
    f_color = vec4(c, 1.0);
}
"""
