/*
 * parlour.h - the public C ABI of the parlour core.
 *
 * Plain C99 with no dependency on Python: usable from C, C#, Rust or Godot.
 * Conventions: every name starts with parlour_; the caller owns every buffer
 * (lookup tables included, see parlour_sc_tables_size); functions return a
 * status code (PARLOUR_OK or a negative PARLOUR_E_* value) or a documented
 * non-negative answer; nothing keeps mutable global state and nothing draws
 * random numbers, so every function is safe to call from several threads.
 */
#ifndef PARLOUR_H
#define PARLOUR_H

#include "parlour_common.h"
#include "parlour_sichuan.h"
#include "parlour_sichuan_game.h"
#include "parlour_sisepai.h"
#include "parlour_sisepai_game.h"
#include "parlour_shrinewars.h"
#include "parlour_shrinewars_game.h"
#include "parlour_ninedomains.h"
#include "parlour_ninedomains_game.h"
#include "parlour_ninedomains_solve.h"

#endif
